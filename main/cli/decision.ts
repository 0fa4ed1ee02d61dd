// Before accept or decline goes out: is the quote in a status that allows it (said in the
// status's own words, with what can be done), and does the user confirm? Accepting cannot be
// undone, so a terminal is asked; a script says --yes; anything else is refused (exit 13).
import { createInterface } from 'node:readline/promises';
import type { KeyAccess, QuoteDetails } from '../../preload/contract';
import { formatMoney } from '../../i18n/words/format';
import { clientFacingStatus } from '../../preload/contract/plain/statuses';
import { stageOf } from '../../preload/contract/plain/stages';
import { quoteStatusWords } from '../../i18n/words/stages';
import type { QuoteStage } from '../../preload/contract/plain/stages';
import { EXIT_CODES } from './exit-codes';
import { CliRefusal } from './report';
import { m } from '../../i18n/paraglide/messages.js';
import { ltr } from './locale';
import { terminalText } from './terminal-text';

export type Decision = 'accept' | 'decline';

/** A terminal the CLI may ask on; anything else (a pipe, a file, nothing) is not asked. */
export type PromptInput = NodeJS.ReadableStream & { isTTY?: boolean };

const DECIDABLE: ReadonlySet<QuoteStage> = new Set(['awaiting-decision', 'revised']);

/** The quote's stage as this key sees it (an internal key's PENDING is always in preparation). */
function stageFor(quote: QuoteDetails, access: KeyAccess): QuoteStage {
  if (access === 'internal' && quote.status === 'PENDING') return 'in-preparation';
  return stageOf(access === 'client' ? clientFacingStatus(quote.status) : quote.status, quote.quoteNumber);
}

/** The quote at the start of a sentence: its number, or its ID while it has none. */
function nameOf(quote: QuoteDetails): string {
  return quote.quoteNumber ? ltr(terminalText(quote.quoteNumber)) : m.cli_quote_by_id({ id: ltr(quote.id) });
}

/**
 * Why the quote's status does not allow the decision, and what can be done; null when it
 * does. The service stays the judge: this only spares a request whose refusal is certain.
 */
export function decisionBlocked(quote: QuoteDetails, access: KeyAccess, decision: Decision): string | null {
  const stage = stageFor(quote, access);
  if (DECIDABLE.has(stage)) return null;
  return statusRefusal(quote, access, decision, stage);
}

/** The sentence for a quote whose status does not allow the decision (also after the service refused it). */
export function statusRefusal(quote: QuoteDetails, access: KeyAccess, decision: Decision, stage = stageFor(quote, access)): string {
  const said = {
    quote: nameOf(quote),
    status: `${quoteStatusWords(access === 'client' ? clientFacingStatus(quote.status) : quote.status, quote.quoteNumber, access)} (${quote.status})`,
    look: m.cli_refusal_look({ command: ltr(`quotedesk show ${quote.id}`) }),
  };
  const accept = decision === 'accept';
  if (stage === 'in-preparation') return accept ? m.cli_refusal_not_sent_accept(said) : m.cli_refusal_not_sent_decline(said);
  if (DECIDABLE.has(stage)) return accept ? m.cli_refusal_service_accept(said) : m.cli_refusal_service_decline(said);
  return accept ? m.cli_refusal_ended_accept(said) : m.cli_refusal_ended_decline(said);
}

/** Refused before any request: no terminal to ask and no --yes. */
export function requireConfirmable(decision: Decision, yes: boolean | undefined, stdin: PromptInput | undefined): void {
  if (yes || stdin?.isTTY) return;
  throw new CliRefusal(
    decision === 'accept' ? m.cli_confirm_needs_terminal_accept() : m.cli_confirm_needs_terminal_decline(),
    EXIT_CODES.confirmationNeeded,
    'confirmation-needed',
  );
}

/** What the question shows: the quote, its project and total, and what will happen. */
export function confirmationText(quote: QuoteDetails, decision: Decision, reason: string | undefined): string {
  const t = terminalText;
  const said = {
    quote: quote.quoteNumber ? ltr(t(quote.quoteNumber)) : m.cli_confirm_quote_by_id({ id: ltr(quote.id) }),
    project: quote.projectName ? t(quote.projectName) : m.cli_confirm_no_project(),
    total: quote.totalPrice ? ltr(t(formatMoney(quote.totalPrice))) : m.cli_confirm_no_total(),
  };
  const what =
    decision === 'accept'
      ? m.cli_confirm_accept_effect({ company: t(quote.company.name) })
      : reason
        ? m.cli_confirm_decline_effect_reason({ reason: t(reason) })
        : m.cli_confirm_decline_effect();
  return `${decision === 'accept' ? m.cli_confirm_accept_question(said) : m.cli_confirm_decline_question(said)}\n${what}\n`;
}

/** Asks on the terminal; only "y" or "yes" goes ahead. Without --yes a no ends the command (exit 13). */
export async function confirmDecision(quote: QuoteDetails, decision: Decision, reason: string | undefined, yes: boolean | undefined, stdin: PromptInput | undefined, stderr: { write(text: string): unknown }): Promise<void> {
  if (yes) return;
  if (!stdin?.isTTY) return requireConfirmable(decision, yes, stdin);
  stderr.write(confirmationText(quote, decision, reason));
  const reader = createInterface({ input: stdin, output: stderr as NodeJS.WritableStream });
  try {
    // The answer stays y/yes in every language: the keys a script or a person types do not change.
    const answer = await reader.question(`${decision === 'accept' ? m.cli_confirm_accept_prompt() : m.cli_confirm_decline_prompt()} [y/N] `);
    if (/^y(es)?$/i.test(answer.trim())) return;
  } finally {
    reader.close();
  }
  const said = { quote: nameOf(quote) };
  throw new CliRefusal(decision === 'accept' ? m.cli_not_confirmed_accept(said) : m.cli_not_confirmed_decline(said), EXIT_CODES.confirmationNeeded, 'not-confirmed');
}
