// The CSV's bytes are written into one growing buffer: whatever its size and however the text
// arrives, the bytes are the text's UTF-8, never cut inside a character or left with room at the end.
import { describe, expect, it } from 'vitest';
import { ByteSink } from '../../../../main/core/export/byte-sink';

const utf8 = (text: string) => Buffer.from(text, 'utf8');

describe('a byte sink', () => {
  it('holds the UTF-8 of every text written, across growths that fall inside a character', () => {
    const pieces = ['ab', 'Café ✓', '日本語', '😀😀', '', 'x'.repeat(100), '€'];
    for (const capacity of [1, 2, 3, 4, 7]) {
      const sink = new ByteSink(capacity);
      for (const piece of pieces) sink.write(piece);
      expect(Buffer.from(sink.bytes()).equals(utf8(pieces.join(''))), `capacity ${capacity}`).toBe(true);
      expect(sink.length).toBe(utf8(pieces.join('')).length);
    }
  });

  it('keeps what was written when room is reserved, and hands back no unused room', () => {
    const sink = new ByteSink(4);
    sink.write('Quote, ');
    sink.reserve(1_000);
    sink.write('2026 – ✓');
    const bytes = sink.bytes();
    expect(Buffer.from(bytes).equals(utf8('Quote, 2026 – ✓'))).toBe(true);
    // A file of 20 bytes does not carry a buffer of 1,000 with it.
    expect(bytes.buffer.byteLength).toBe(bytes.length);
  });
});
