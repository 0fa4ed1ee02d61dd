import { describe, expect, it } from 'vitest';
import { createTokenManager } from '../../../../../main/core/api/auth';
import { createFakeClock } from '../../../../helpers/fake-clock';

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('token manager', () => {
  it('shares one exchange among concurrent callers', async () => {
    const clock = createFakeClock();
    const pending = deferred<{ accessToken: string; expiresIn: number }>();
    let exchanges = 0;
    const tokens = createTokenManager({ clock, exchange: () => ((exchanges += 1), pending.promise) });
    const waiting = Array.from({ length: 50 }, () => tokens.token());
    pending.resolve({ accessToken: 'tok-1', expiresIn: 3600 });
    expect(await Promise.all(waiting)).toEqual(Array(50).fill('tok-1'));
    expect(exchanges).toBe(1);
  });

  it('rejects every waiter of a failed exchange, then starts afresh', async () => {
    const clock = createFakeClock();
    let exchanges = 0;
    const tokens = createTokenManager({
      clock,
      exchange: async () => {
        exchanges += 1;
        if (exchanges === 1) throw new Error('service down');
        return { accessToken: 'tok-2', expiresIn: 3600 };
      },
    });
    const results = await Promise.allSettled(Array.from({ length: 10 }, () => tokens.token()));
    expect(results.every((result) => result.status === 'rejected' && (result.reason as Error).message === 'service down')).toBe(true);
    expect(await tokens.token()).toBe('tok-2');
    expect(exchanges).toBe(2);
  });

  it('refreshes five minutes before expiry, judged on the local clock at use time', async () => {
    const clock = createFakeClock();
    let n = 0;
    const tokens = createTokenManager({ clock, exchange: async () => ({ accessToken: `tok-${(n += 1)}`, expiresIn: 3600 }) });
    expect(await tokens.token()).toBe('tok-1');
    clock.advance(54 * 60_000);
    expect(await tokens.token()).toBe('tok-1');
    // A laptop waking from sleep: no timer fired, yet the next use sees the token is due.
    clock.advance(60_001);
    expect(await tokens.token()).toBe('tok-2');
    expect(tokens.refreshDueAt()).toBe(clock.now() + 55 * 60_000);
  });

  it('honours the lifetime the service gave instead of assuming an hour', async () => {
    const clock = createFakeClock();
    let n = 0;
    const tokens = createTokenManager({ clock, exchange: async () => ({ accessToken: `tok-${(n += 1)}`, expiresIn: 120 }) });
    await tokens.token();
    clock.advance(59_000);
    expect(await tokens.token()).toBe('tok-1');
    clock.advance(2_000);
    expect(await tokens.token()).toBe('tok-2');
  });

  it('drops a token only if it is still the current one', async () => {
    const clock = createFakeClock();
    let n = 0;
    const tokens = createTokenManager({ clock, exchange: async () => ({ accessToken: `tok-${(n += 1)}`, expiresIn: 3600 }) });
    await tokens.token();
    tokens.invalidate('tok-1');
    expect(await tokens.token()).toBe('tok-2');
    tokens.invalidate('tok-1');
    expect(await tokens.token()).toBe('tok-2');
  });
});
