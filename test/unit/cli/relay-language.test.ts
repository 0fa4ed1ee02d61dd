// quotedesk relay speaks the CLI's language in what a person reads: the pointer to its help
// after a usage error, and why it stopped.
import { describe, expect, it } from 'vitest';
import { inLocale } from '../../../main/cli/locale';
import { runRelayCommand } from '../../../main/cli/relay';

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
