// Lanes (CallOptions.lane): the host's gate skips a superseded call, the page's joiner hands a
// superseded call's caller the later call's answer. Together: no key's query is computed or
// read once a later key replaced it, and every caller still gets an answer.
import { describe, expect, it } from 'vitest';
import { SUPERSEDED, createLaneGate } from '../../../../main/core/bridge/lanes';
import { createLaneJoiner } from '../../../../preload/contract/plain/lanes';

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('the host\'s lane gate', () => {
  it('skips the calls of a lane superseded before they ran, and runs the latest', async () => {
    const gate = createLaneGate();
    const ran: string[] = [];
    const work = (name: string) => async () => {
      ran.push(name);
      return name;
    };
    const results = await Promise.all([gate.run('rows', work('a')), gate.run('rows', work('ab')), gate.run('counts', work('counts')), gate.run('rows', work('abc'))]);
    expect(results).toEqual([SUPERSEDED, SUPERSEDED, 'counts', 'abc']);
    expect(ran).toEqual(['counts', 'abc']);
  });

  it('drops the answer of a call superseded while it ran', async () => {
    const gate = createLaneGate();
    const held = deferred<string>();
    const first = gate.run('rows', () => held.promise);
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setImmediate(resolve));
    const second = gate.run('rows', async () => 'second');
    held.resolve('first');
    expect(await first).toBe(SUPERSEDED);
    expect(await second).toBe('second');
    // The lane is free again: a call after both runs.
    expect(await gate.run('rows', async () => 'third')).toBe('third');
  });
});

describe('the page\'s lane joiner', () => {
  it('gives a superseded call\'s caller the later call\'s answer and drops its own', async () => {
    const join = createLaneJoiner();
    const earlierSend = deferred<string>();
    const laterSend = deferred<string>();
    const earlier = join('rows', () => earlierSend.promise);
    const later = join('rows', () => laterSend.promise);
    const otherLane = join('counts', async () => 'counts');
    earlierSend.resolve('stale');
    laterSend.resolve('fresh');
    expect(await Promise.all([earlier, later, otherLane])).toEqual(['fresh', 'fresh', 'counts']);
  });

  it('lets a call after an answered one stand alone, and passes a failure to every caller', async () => {
    const join = createLaneJoiner();
    expect(await join('rows', async () => 1)).toBe(1);
    const failing = deferred<number>();
    const earlier = join('rows', async () => 2);
    const later = join('rows', () => failing.promise);
    failing.reject(new Error('gone'));
    await expect(earlier).rejects.toThrow('gone');
    await expect(later).rejects.toThrow('gone');
  });
});
