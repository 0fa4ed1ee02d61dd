// `quotedesk team --help`: the team desk's commands and their exit codes.
import { m } from '../../../i18n/paraglide/messages.js';

export function teamHelp(): string {
  return m.cli_team_help();
}
