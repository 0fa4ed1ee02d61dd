// A clock the browser-mode e2e tests move: the core's notion of now and its local time zone,
// set through POST /__test/clock on the web host. It exists only when `npm run web` is given
// --test-clock; the packaged desktop app cannot enable it: its composition root
// (main/electron) never imports main/web, and main/web runs from its TypeScript sources
// through tsx, which electron-builder.yml leaves out of the package (no *.ts, no tsx).
import type { IncomingMessage, ServerResponse } from 'node:http';
import { timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { Clock } from '../core/ports';

export const TEST_CLOCK_PATH = '/__test/clock';
/** A request body larger than this is not a clock setting. */
const MAX_BODY_BYTES = 1024;

export interface TestClock extends Clock {
  /** From now on the time reads `at` (and flows on from there); sleepers whose end has come wake. */
  set(at: number): void;
}

interface Sleeper {
  until: number;
  timer: NodeJS.Timeout | null;
  resolve(): void;
}

/** Real time shifted by an offset the tests set; time keeps flowing, so timers still fire on their own. */
export function createTestClock(realNow: () => number = Date.now): TestClock {
  let offset = 0;
  const sleepers = new Set<Sleeper>();
  const now = () => realNow() + offset;

  // A sleeper waits for the clock to reach its end, however the clock got there.
  function schedule(sleeper: Sleeper) {
    if (sleeper.timer) clearTimeout(sleeper.timer);
    const left = sleeper.until - now();
    if (left <= 0) {
      sleepers.delete(sleeper);
      sleeper.resolve();
      return;
    }
    sleeper.timer = setTimeout(() => schedule(sleeper), left);
  }

  return {
    now,
    set(at) {
      offset = at - realNow();
      for (const sleeper of [...sleepers]) schedule(sleeper);
    },
    sleep(ms, signal) {
      return new Promise<void>((resolve, reject) => {
        if (signal?.aborted) return reject(signal.reason);
        const sleeper: Sleeper = {
          until: now() + ms,
          timer: null,
          resolve: () => {
            signal?.removeEventListener('abort', onAbort);
            resolve();
          },
        };
        const onAbort = () => {
          if (sleeper.timer) clearTimeout(sleeper.timer);
          sleepers.delete(sleeper);
          reject(signal?.reason);
        };
        signal?.addEventListener('abort', onAbort, { once: true });
        sleepers.add(sleeper);
        schedule(sleeper);
      });
    },
  };
}

const ClockSetting = z.strictObject({
  /** The moment the clock now reads (ISO 8601 with an offset, or ms since the epoch). */
  now: z.union([z.iso.datetime({ offset: true }), z.number().int().nonnegative()]),
  /** An IANA time zone for the host's local time ("expires today", 9:00 reminders). */
  timeZone: z.string().refine(isTimeZone, 'an IANA time zone such as Pacific/Auckland').optional(),
});

function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

export interface TestClockRoute {
  /** True when the request was for this route (answered, whatever the outcome). */
  serve(request: IncomingMessage, response: ServerResponse, headers: Record<string, string>): Promise<boolean>;
}

/**
 * POST /__test/clock {now, timeZone?} with the session token as a bearer credential (the
 * host listens on 127.0.0.1 only and refuses other Host names). The time zone is the whole
 * process's (process.env.TZ, which Node applies at once): only a test host has this route.
 */
export function createTestClockRoute(clock: TestClock, token: () => string, env: NodeJS.ProcessEnv = process.env): TestClockRoute {
  const reply = (response: ServerResponse, headers: Record<string, string>, status: number, body: unknown) => {
    response.writeHead(status, { ...headers, 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' });
    response.end(JSON.stringify(body));
  };
  return {
    async serve(request, response, headers) {
      if (new URL(request.url ?? '/', 'http://host').pathname !== TEST_CLOCK_PATH) return false;
      if (request.method !== 'POST') {
        reply(response, { ...headers, Allow: 'POST' }, 405, { error: 'POST a clock setting' });
        return true;
      }
      if (!sameToken(request.headers.authorization ?? '', `Bearer ${token()}`)) {
        reply(response, headers, 401, { error: 'the session token is required' });
        return true;
      }
      const body = await readBody(request);
      let parsed: z.infer<typeof ClockSetting>;
      try {
        parsed = ClockSetting.parse(body === null ? undefined : JSON.parse(body));
      } catch (error) {
        reply(response, headers, 400, { error: body === null ? `the body is over ${MAX_BODY_BYTES} bytes` : error instanceof z.ZodError ? z.prettifyError(error) : 'the body is not JSON' });
        return true;
      }
      if (parsed.timeZone) env.TZ = parsed.timeZone;
      clock.set(typeof parsed.now === 'number' ? parsed.now : Date.parse(parsed.now));
      reply(response, headers, 200, { now: new Date(clock.now()).toISOString(), timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone });
      return true;
    },
  };
}

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The body as text, or null when it is too large. */
async function readBody(request: IncomingMessage): Promise<string | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) return null;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}
