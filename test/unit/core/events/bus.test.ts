import { describe, expect, it } from 'vitest';
import { createEventBus } from '../../../../main/core/events';
import { createRecordingLogger } from '../../../helpers/recording-logger';

type TestEvents = {
  a: { n: number };
  b: { s: string };
};

describe('domain event bus', () => {
  it('delivers each event to the subscribers of its type, in publication order', () => {
    const bus = createEventBus<TestEvents>({ logger: createRecordingLogger() });
    const seen: string[] = [];
    bus.subscribe('a', ({ n }) => seen.push(`a${n}`));
    bus.subscribe('b', ({ s }) => seen.push(`b${s}`));
    bus.publish('a', { n: 1 });
    bus.publish('b', { s: 'x' });
    bus.publish('a', { n: 2 });
    expect(seen).toEqual(['a1', 'bx', 'a2']);
  });

  it('keeps delivering when one subscriber throws, and logs it', () => {
    const recording = createRecordingLogger();
    const bus = createEventBus<TestEvents>({ logger: recording });
    const seen: number[] = [];
    bus.subscribe('a', () => {
      throw new Error('boom');
    });
    bus.subscribe('a', ({ n }) => seen.push(n));
    const all: string[] = [];
    bus.subscribeAll((event) => all.push(event.type));
    bus.publish('a', { n: 7 });
    expect(seen).toEqual([7]);
    expect(all).toEqual(['a']);
    expect(recording.lines.some((line) => line.message.includes('subscriber failed'))).toBe(true);
  });

  it('stops delivering after unsubscribe', () => {
    const bus = createEventBus<TestEvents>({ logger: createRecordingLogger() });
    const seen: number[] = [];
    const off = bus.subscribe('a', ({ n }) => seen.push(n));
    bus.publish('a', { n: 1 });
    off();
    bus.publish('a', { n: 2 });
    expect(seen).toEqual([1]);
  });
});
