import { afterEach, describe, expect, it, vi } from 'vitest';
import { checkIntegrityAfterFirstWindow } from '../../../../main/core/database';

afterEach(() => vi.useRealTimers());

describe('the integrity check after the first window', () => {
  it('starts once, only after the first window of quotes was answered', async () => {
    const store = { checkIntegrity: vi.fn(async () => null) };
    let answer: (rows: string[]) => void = () => undefined;
    const handlers = checkIntegrityAfterFirstWindow({ 'inbox.query': (_input: { offset: number }) => new Promise<string[]>((resolve) => (answer = resolve)) }, store);
    const first = handlers['inbox.query']({ offset: 0 });
    await new Promise((resolve) => setImmediate(resolve));
    expect(store.checkIntegrity).not.toHaveBeenCalled();
    answer(['row']);
    expect(await first).toEqual(['row']);
    await new Promise((resolve) => setImmediate(resolve));
    expect(store.checkIntegrity).toHaveBeenCalledTimes(1);
    const second = handlers['inbox.query']({ offset: 100 });
    answer([]);
    await second;
    await new Promise((resolve) => setImmediate(resolve));
    expect(store.checkIntegrity).toHaveBeenCalledTimes(1);
  });

  it('starts anyway when no window is asked for (a headless host)', () => {
    vi.useFakeTimers();
    const store = { checkIntegrity: vi.fn(async () => null) };
    checkIntegrityAfterFirstWindow({ 'inbox.query': async () => [] }, store, 5_000);
    vi.advanceTimersByTime(4_999);
    expect(store.checkIntegrity).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(store.checkIntegrity).toHaveBeenCalledTimes(1);
  });
});
