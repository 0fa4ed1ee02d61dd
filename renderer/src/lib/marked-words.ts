// Messages with a part of their own inside the sentence: a key to press (<kbd>) or a quote
// number that must stay left to right in Arabic (<bdi>). The translator places the part; the
// message is asked with the part between two private-use markers, and the template renders the
// sentence piece by piece, each marked piece in its element (no HTML is built from strings).
const OPEN = '\uE000';
const CLOSE = '\uE001';

/** The value as a marked part of a message. */
export function marked(value: string): string {
  return `${OPEN}${value}${CLOSE}`;
}

export interface WordPart {
  text: string;
  marked: boolean;
}

/** The message's pieces in order: plain text, and the parts given through marked(). */
export function wordParts(text: string): WordPart[] {
  const parts: WordPart[] = [];
  for (const piece of text.split(OPEN)) {
    const close = piece.indexOf(CLOSE);
    if (close < 0) {
      if (piece) parts.push({ text: piece, marked: false });
      continue;
    }
    parts.push({ text: piece.slice(0, close), marked: true });
    if (close + 1 < piece.length) parts.push({ text: piece.slice(close + 1), marked: false });
  }
  return parts;
}
