// What node:util's parseArgs refused, in the CLI's language: every command reads its command
// line with parseArgs, and every one says its refusal through this one function.
import { m } from '../../i18n/paraglide/messages.js';
import { ltr } from './locale';

/**
 * The sentence for a parseArgs error. Node says it in English only, so the option is read out of
 * its sentence; an error this does not recognise keeps Node's words (English keeps them all: the
 * catalogue's English is Node's).
 */
export function parseProblem(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  const code = (error as { code?: unknown } | null)?.code;
  const option = /'([^']+)'/.exec(text)?.[1];
  if (option === undefined) return text;
  if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') return m.cli_unknown_option({ option: ltr(option) });
  if (code !== 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') return text;
  if (text.endsWith(' argument missing')) return m.cli_option_needs_value({ option: ltr(option.replace(/ <value>$/, '')) });
  if (text.endsWith(' does not take an argument')) return m.cli_option_takes_no_value({ option: ltr(option) });
  if (text.includes(' argument is ambiguous.')) return m.cli_option_value_ambiguous({ option: ltr(option), example: ltr(`${option}=-XYZ`) });
  return text;
}
