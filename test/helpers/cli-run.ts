// Runs the CLI in process against a fake service, capturing what it prints.
import { runCli } from '../../main/cli';
import type { CliIo } from '../../main/cli/run';
import { CLIENT_KEY } from './service-fixtures';

export interface CliRunResult {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * `quotedesk ...argv` with the fake service's address and the client key in the environment
 * (`env` adds to or overrides them), in `io.cwd`.
 */
export async function runCliCapturing(
  argv: string[],
  baseUrl: string,
  env: Record<string, string>,
  io: Omit<CliIo, 'stdout' | 'stderr' | 'env'>,
): Promise<CliRunResult> {
  let stdout = '';
  let stderr = '';
  const code = await runCli(argv, {
    ...io,
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
    env: { QUOTEDESK_BASE_URL: baseUrl, QUOTEDESK_API_KEY: CLIENT_KEY, ...env },
  });
  return { code, stdout, stderr };
}
