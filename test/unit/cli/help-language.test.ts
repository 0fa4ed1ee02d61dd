// The --help of listen, listen --relay and relay speaks the CLI's language; option names, JSON
// keys and the example systemd unit (a file to copy) stay as typed.
import { describe, expect, it } from 'vitest';
import { runCli } from '../../../main/cli';

async function help(lang: string, args: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const io = { stdout: { write: (text: string) => (out += text) }, stderr: { write: (text: string) => (err += text) }, env: {}, cwd: process.cwd(), signal: AbortSignal.timeout(5_000) };
  const code = await runCli(['--lang', lang, ...args], io);
  return { code, out, err };
}

describe('the commands’ help in the CLI’s language', () => {
  it('explains quotedesk listen in German, its JSON keys as typed', async () => {
    const { code, out } = await help('de', ['listen', '--help']);
    expect(code).toBe(0);
    expect(out).toContain('Empfängt die Webhook-Zustellungen des Quoting Service auf 127.0.0.1');
    expect(out).toContain('{"refused", "reason", "path", "receivedAt"}');
    expect(out).toContain('  --on-exit WHAT      restore (Standard)');
    expect(out).not.toMatch(/Receives the Quoting Service|Whose events|the local port/);
  });

  it('shows listen’s help in Arabic after a usage error', async () => {
    const { code, err } = await help('ar', ['listen', '--tunnel', 'ngrok']);
    expect(code).toBe(2);
    expect(err).toContain('يستقبل عمليات تسليم Webhook من Quoting Service');
    expect(err).not.toContain('Whose events');
  });

  it('explains quotedesk listen --relay in Japanese, with the NATS options', async () => {
    const { code, out } = await help('ja', ['listen', '--relay', 'x', '--help']);
    expect(code).toBe(0);
    expect(out).toContain('チームのリレーが保存した各イベントを表示します');
    expect(out).toContain('JetStream のストリーム (既定: QUOTEDESK)');
    expect(out).not.toMatch(/Prints each event|a NATS credentials file/);
  });

  it('explains quotedesk relay in French, leaving the systemd unit as it is', async () => {
    const { code, out } = await help('fr', ['relay', '--help']);
    expect(code).toBe(0);
    expect(out).toContain("Reçoit une seule fois pour toute l'équipe");
    expect(out).toContain('  Description=Quotedesk webhook relay\n');
    expect(out).toContain('--creds /etc/quotedesk/relay.creds --stream QUOTEDESK \\\n');
    expect(out).toContain('(par défaut 30)');
    expect(out).not.toMatch(/Receives a key's webhook|A restart loses nothing|the local port/);
  });
});
