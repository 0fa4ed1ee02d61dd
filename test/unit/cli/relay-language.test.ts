// quotedesk relay speaks the CLI's language in what a person reads: the pointer to its help
// after a usage error, why it stopped, and the mark of a resent event.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signBody } from '../../../main/core/webhooks';
import { inLocale } from '../../../main/cli/locale';
import { runRelayCommand } from '../../../main/cli/relay';
import { natsServerMissing, startNatsServer } from '../../helpers/nats-server';
import type { NatsServer } from '../../helpers/nats-server';

async function relayIn(locale: 'de' | 'ar', args: string[], env: Record<string, string> = {}): Promise<{ code: number; err: string }> {
  let err = '';
  const io = { stdout: { write: () => true }, stderr: { write: (text: string) => (err += text) }, env, signal: AbortSignal.timeout(10_000) };
  const code = await inLocale(locale, () => runRelayCommand(args, io));
  return { code, err };
}

describe('quotedesk relay in the CLI’s language', () => {
  it('points at its help in German and Arabic after a usage error', async () => {
    const german = await relayIn('de', ['--no-such-option']);
    expect(german.code).toBe(2);
    expect(german.err).toContain('quotedesk relay --help erklärt die Verwendung.');
    const arabic = await relayIn('ar', ['--no-such-option']);
    expect(arabic.err).toContain('يوضّح الأمر quotedesk relay --help طريقة الاستخدام.');
    expect(arabic.err).not.toContain('says how to use it');
  });

  it('says in German why it stopped when nothing answers at the NATS address', async () => {
    const { code, err } = await relayIn('de', ['--port', '0', '--nats', 'nats://127.0.0.1:1'], { QUOTEDESK_WEBHOOK_SECRET: 'x'.repeat(40) });
    expect(code).toBe(1);
    expect(err).toMatch(/^quotedesk relay wurde beendet: .*nats:\/\/127\.0\.0\.1:1/);
    expect(err).not.toContain('quotedesk relay stopped');
  });
});

const missingNats = natsServerMissing();

describe.skipIf(missingNats !== null)('quotedesk relay’s lines in the CLI’s language, on a real nats-server', () => {
  let server: NatsServer;
  beforeAll(async () => {
    server = await startNatsServer();
  });
  afterAll(async () => {
    await server?.dispose();
  });

  /** Runs relay in `locale` until it printed the one delivery posted to it, then stops it; answers its stdout. */
  async function relayOnce(locale: 'de', secret: string, body: Buffer): Promise<string> {
    const stop = new AbortController();
    let out = '';
    const io = { stdout: { write: (text: string) => (out += text) }, stderr: { write: () => true }, env: { QUOTEDESK_WEBHOOK_SECRET: secret }, signal: stop.signal };
    const done = inLocale(locale, () => runRelayCommand(['--port', '0', '--nats', server.url, '--stream', 'LANGUAGE'], io));
    for (let attempt = 0; attempt < 1_000 && !/127\.0\.0\.1:\d+/.test(out); attempt++) await new Promise((resolve) => setTimeout(resolve, 10));
    const port = /127\.0\.0\.1:(\d+)/.exec(out)?.[1];
    expect(port).toBeDefined();
    const answer = await fetch(`http://127.0.0.1:${port}/hooks/any`, { method: 'POST', body, headers: { 'content-type': 'application/json', 'x-webhook-event': 'quote.created', 'x-webhook-signature': signBody(secret, body) } });
    expect(answer.status).toBe(200);
    for (let attempt = 0; attempt < 500 && out.split('\n').filter(Boolean).length < 2; attempt++) await new Promise((resolve) => setTimeout(resolve, 10));
    stop.abort();
    expect(await done).toBe(0);
    return out;
  }

  it('marks an event resent after a restart as already in the stream, in German', async () => {
    const secret = 'whsec_relay_language';
    const body = Buffer.from(JSON.stringify({ event: 'quote.created', data: { entityId: 'q-1', timestamp: new Date().toISOString() } }));
    expect((await relayOnce('de', secret, body)).split('\n')[1]).toMatch(/quote\.created {2}q-1 {2}-> LANGUAGE #1$/);
    const again = await relayOnce('de', secret, body);
    expect(again.split('\n')[1]).toMatch(/quote\.created {2}q-1 {2}\(bereits im Stream\)$/);
    expect(again).not.toContain('already in the stream');
  });
});
