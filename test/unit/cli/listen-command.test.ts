// `quotedesk listen` goes through the CLI's entry point: the receiver answers real deliveries.
import { describe, expect, it } from 'vitest';
import { runCli } from '../../../main/cli';
import { signBody } from '../../../main/core/webhooks';

function io(signal?: AbortSignal) {
  const out: string[] = [];
  const err: string[] = [];
  return { out, err, io: { stdout: { write: (text: string) => out.push(text) }, stderr: { write: (text: string) => err.push(text) }, env: {}, cwd: process.cwd(), signal } };
}

describe('quotedesk listen', () => {
  it('is listed in the help, and its own help comes from the command', async () => {
    const root = io();
    expect(await runCli(['--help'], root.io)).toBe(0);
    expect(root.out.join('')).toContain('quotedesk listen --account NAME --public-url URL');
    const own = io();
    expect(await runCli(['listen', '--help'], own.io)).toBe(0);
    expect(own.out.join('')).toContain("Receives the Quoting Service's webhook deliveries on 127.0.0.1");
  });

  it('refuses to start without an account or a secret (usage, exit 2)', async () => {
    const run = io();
    expect(await runCli(['listen', '--port', '0'], run.io)).toBe(2);
    expect(run.err.join('')).toMatch(/--account NAME with --public-url/);
  });

  it('prints a signed delivery it received, then stops on the signal', async () => {
    const stop = new AbortController();
    const run = io(stop.signal);
    const exit = runCli(['listen', '--port', '0', '--secret', 'listen-secret', '--json'], run.io);
    let port: number | null = null;
    for (let attempt = 0; attempt < 500 && port === null; attempt++) {
      const match = /127\.0\.0\.1:(\d+)/.exec(run.out.join('') + run.err.join(''));
      if (match) port = Number(match[1]);
      else await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(port).not.toBeNull();
    const body = Buffer.from(JSON.stringify({ event: 'job.created', data: { entityId: 'j-1', timestamp: '2026-01-01T00:00:00Z' } }));
    const answer = await fetch(`http://127.0.0.1:${port}/`, { method: 'POST', body, headers: { 'content-type': 'application/json', 'x-webhook-event': 'job.created', 'x-webhook-signature': signBody('listen-secret', body) } });
    expect(answer.status).toBe(200);
    for (let attempt = 0; attempt < 500 && !run.out.join('').includes('job.created'); attempt++) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(run.out.join('')).toContain('"event":"job.created"');
    stop.abort();
    expect(await exit).toBe(0);
  });
});
