// A small HTTP client for the simulator tests (undici's request, as the app uses).
import { request } from 'undici';

export interface ApiResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  json: unknown;
}

export interface ApiOptions {
  method?: 'GET' | 'POST' | 'DELETE' | 'PUT' | 'PATCH';
  headers?: Record<string, string>;
  /** An object is sent as JSON; a string or Buffer as is. */
  body?: unknown;
}

export async function api(baseUrl: string, path: string, options: ApiOptions = {}): Promise<ApiResponse> {
  const raw = options.body === undefined || typeof options.body === 'string' || Buffer.isBuffer(options.body);
  const response = await request(`${baseUrl}${path}`, {
    method: options.method ?? 'GET',
    headers: { ...(raw ? {} : { 'content-type': 'application/json' }), ...options.headers },
    body: raw ? (options.body as string | Buffer | undefined) : JSON.stringify(options.body),
  });
  const text = await response.body.text();
  let json: unknown = undefined;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status: response.statusCode, headers: response.headers, text, json };
}

export const key = (apiKey: string) => ({ 'Api-key': apiKey });

/** The error body every refusal carries. */
export function errorCode(response: ApiResponse): string | undefined {
  const body = response.json as { success?: boolean; error?: { code?: string; message?: string } } | undefined;
  if (body?.success !== false || typeof body.error?.message !== 'string') return undefined;
  return body.error.code;
}

/** Polls until `check` holds (no timing assertion: it only waits for asynchronous work). */
export async function waitFor(check: () => boolean, what: string, attempts = 1000): Promise<void> {
  for (let attempt = 0; attempt < attempts; attempt++) {
    if (check()) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`timed out waiting for ${what}`);
}
