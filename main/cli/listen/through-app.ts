// `quotedesk listen --account NAME` while the app runs on the data folder: the app's receiver
// already takes the account's deliveries (verified, logged, deduplicated), so listen prints
// what the app receives instead of registering a second receiver over the app's.
import { pickAccount } from '../account';
import { EXIT_CODES } from '../exit-codes';
import { UsageError } from '../options';
import { appWords } from '../running-app';
import type { RunningApp } from '../running-app';
import type { ListenOptions } from './args';
import { listenerLines } from './lines';
import { ltr } from '../locale';
import { m } from '../../../i18n/paraglide/messages.js';

export async function listenThroughApp(app: RunningApp, options: ListenOptions, io: { stdout: { write(text: string): unknown }; stderr: { write(text: string): unknown } }, dataDir: string, signal: AbortSignal): Promise<number> {
  if (options.source.kind !== 'account') throw new Error('listenThroughApp is for --account');
  if (options.forwardTo !== null) {
    throw new UsageError(m.cli_listen_forward_through_app({ host: appWords(app), folder: ltr(dataDir) }));
  }
  const account = pickAccount(await app.request({ command: 'accounts' }), options.source.name, dataDir);
  const unused = [options.entry && '--public-url/--tunnel', options.replace && '--replace', options.logDir !== null && '--log-dir'].filter(Boolean);
  if (unused.length > 0 && !options.json) io.stderr.write(`quotedesk listen: ${m.cli_listen_options_unused({ options: unused.map((option) => ltr(String(option))).join(', ') })}\n`);
  const say = (human: string, json: Record<string, unknown>) => io.stdout.write(options.json ? `${JSON.stringify(json)}\n` : `${human}\n`);
  say(m.cli_listen_through_app({ host: appWords(app), account: account.name }), { listening: 'app', account: account.name });
  const lines = listenerLines(io.stdout, options.json);
  const ended = await app.listen(account.id, (event) => lines.event({ ...event, accountId: account.id, key: '', replay: false }), signal);
  if (ended === 'app-gone') {
    say(m.cli_listen_app_gone(), { ended: 'app-gone', message: 'the app stopped' });
    return EXIT_CODES.other;
  }
  return EXIT_CODES.ok;
}
