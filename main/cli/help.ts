// `quotedesk --help`: the commands, options and exit codes, in the CLI's language. The option
// names, variables, status codes and exit numbers stay as typed in every language.
import { QUOTE_STATUSES } from '../../preload/contract';
import { m } from '../../i18n/paraglide/messages.js';

export function helpText(): string {
  return m.cli_help({ statuses: QUOTE_STATUSES.join(', ') });
}
