// The demo's own embedded service, driven from a browser-mode spec: the web host writes its
// admin key to a file (the test-only --demo-credentials-out), and the operator side issues,
// revises or cancels quotes and shows the requests the app made.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startWebHostProcess } from './web-host-process';
import type { WebHostOptions, WebHostProcess } from './web-host-process';

export interface OperatorQuote {
  id: string;
  quoteNumber: string | null;
  projectName: string;
  status: string;
}

export interface LoggedRequest {
  method: string;
  path: string;
  credential: string;
  status: number | null;
}

export interface DemoHost {
  host: WebHostProcess;
  /** The first demo company: its client-key account and the internal key both see its quotes. */
  company: { id: string; name: string };
  operator<T = unknown>(path: string, body?: unknown): Promise<T>;
  operatorGet<T>(path: string): Promise<T>;
  /** DELETE on the operator side (e.g. /faults: every injected fault removed). */
  operatorDelete(path: string): Promise<void>;
  /** A quote of the company, issued: it awaits the client's decision. */
  issueQuote(projectName: string): Promise<OperatorQuote>;
  requests(): Promise<LoggedRequest[]>;
  /** Only for a host started with `testClock`: sets the core's now (and its time zone). */
  setClock(at: number, timeZone?: string): Promise<void>;
  stop(): Promise<number | null>;
}

/**
 * `options`: the web host's (a data folder of the spec's own, prepared before the start);
 * `testClock`: the host runs on a clock the spec sets (the test-only --test-clock).
 */
export async function startDemoHost(options: WebHostOptions & { testClock?: boolean } = {}): Promise<DemoHost> {
  const credentialsDir = await mkdtemp(join(tmpdir(), 'quotedesk-e2e-decisions-'));
  const file = join(credentialsDir, 'demo-service.json');
  const { testClock, ...hostOptions } = options;
  const host = await startWebHostProcess(['--demo-credentials-out', file, ...(testClock ? ['--test-clock'] : [])], hostOptions);
  const service = JSON.parse(await readFile(file, 'utf8')) as { baseUrl: string; adminApiKey: string };

  async function operator<T = unknown>(path: string, body?: unknown): Promise<T> {
    const response = await fetch(`${service.baseUrl}/__operator${path}`, {
      method: 'POST',
      headers: { 'Api-key': service.adminApiKey, 'Content-Type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (!response.ok) throw new Error(`Operator POST ${path} failed with HTTP ${response.status}: ${await response.text()}`);
    return ((await response.json()) as { data: T }).data;
  }

  async function operatorGet<T>(path: string): Promise<T> {
    const response = await fetch(`${service.baseUrl}/__operator${path}`, { headers: { 'Api-key': service.adminApiKey } });
    if (!response.ok) throw new Error(`Operator GET ${path} failed with HTTP ${response.status}`);
    const body = (await response.json()) as { data?: T };
    return body.data ?? (body as T);
  }

  const company = (await operatorGet<{ companies: { id: string; name: string }[] }>('/credentials')).companies[0]!;
  return {
    host,
    company,
    operator,
    operatorGet,
    async operatorDelete(path) {
      const response = await fetch(`${service.baseUrl}/__operator${path}`, { method: 'DELETE', headers: { 'Api-key': service.adminApiKey } });
      if (!response.ok) throw new Error(`Operator DELETE ${path} failed with HTTP ${response.status}`);
    },
    async issueQuote(projectName) {
      const created = await operator<OperatorQuote>('/quotes', { companyId: company.id, projectName });
      return operator<OperatorQuote>(`/quotes/${created.id}/issue`);
    },
    async setClock(at, timeZone) {
      const url = new URL(host.url);
      const token = new URLSearchParams(url.hash.slice(1)).get('token') ?? '';
      const response = await fetch(`${url.origin}/__test/clock`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ now: at, ...(timeZone ? { timeZone } : {}) }),
      });
      if (!response.ok) throw new Error(`Setting the host's clock failed with HTTP ${response.status}: ${await response.text()}`);
    },
    requests: async () => (await operatorGet<{ requests: LoggedRequest[] }>('/requests')).requests,
    async stop() {
      const code = await host.stop();
      await rm(credentialsDir, { recursive: true, force: true });
      return code;
    },
  };
}
