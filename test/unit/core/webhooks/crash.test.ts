import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { envelope, post, signed, TOKEN } from './harness';

const CHILD = join(import.meta.dirname, 'crash-child.ts');
const children: ChildProcess[] = [];
let dir = '';
afterEach(() => {
  for (const child of children) child.kill('SIGKILL');
  children.length = 0;
  if (dir) rmSync(dir, { recursive: true, force: true });
});

async function startChild(logDir: string, processedFile: string): Promise<{ child: ChildProcess; url: string; recorded: () => number }> {
  const child = spawn(process.execPath, ['--import', 'tsx', CHILD, logDir, processedFile], { stdio: ['ignore', 'pipe', 'inherit'] });
  children.push(child);
  let text = '';
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      const match = /port (\d+)/.exec(text);
      if (match) resolve(Number(match[1]));
    });
    child.once('exit', (code) => reject(new Error(`the receiver exited early (${code})`)));
  });
  return { child, url: `http://127.0.0.1:${port}/hooks/${TOKEN}`, recorded: () => text.split('\n').filter((line) => line.startsWith('processed ')).length };
}

async function processedLines(file: string, count: number): Promise<string[]> {
  for (;;) {
    const lines = existsSync(file) ? readFileSync(file, 'utf8').trim().split('\n').filter(Boolean) : [];
    if (lines.length >= count) return lines;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('webhook receiver across a crash', () => {
  it('does not process an event again after kill -9 and a restart', async () => {
    dir = mkdtempSync(join(tmpdir(), 'qd-crash-'));
    const logDir = join(dir, 'log');
    const processedFile = join(dir, 'processed.txt');
    const body = envelope('quote.sent_to_client');

    const first = await startChild(logDir, processedFile);
    expect((await post(first.url, body, signed(body))).status).toBe(200);
    await processedLines(processedFile, 1);
    while (first.recorded() < 1) await new Promise((resolve) => setTimeout(resolve, 10));
    const exited = new Promise((resolve) => first.child.once('exit', resolve));
    first.child.kill('SIGKILL');
    await exited;

    const second = await startChild(logDir, processedFile);
    // The service's retry of the same delivery: acknowledged, not processed again.
    expect((await post(second.url, body, signed(body))).status).toBe(200);
    const other = envelope('quote.cancelled');
    expect((await post(second.url, other, signed(other))).status).toBe(200);
    const lines = await processedLines(processedFile, 2);
    expect(lines.map((line) => line.split(' ')[0])).toEqual(['quote.sent_to_client', 'quote.cancelled']);
  });
});
