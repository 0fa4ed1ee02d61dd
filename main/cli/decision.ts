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
import { terminalText } from './terminal-text';

export type Decision = 'accept' | 'decline';

/** A terminal the CLI may ask on; anything else (a pipe, a file, nothing) is not asked. */
export type PromptInput = NodeJS.ReadableStream & { isTTY?: boolean };

const DECIDABLE: ReadonlySet<QuoteStage> = new Set(['awaiting-decision', 'revised']);
const PAST: Record<Decision, string> = { accept: 'accepted', decline: 'declined' };

/** The quote's stage as this key sees it (an internal key's PENDING is always in preparation). */
function stageFor(quote: QuoteDetails, access: KeyAccess): QuoteStage {
  if (access === 'internal' && quote.status === 'PENDING') return 'in-preparation';
  return stageOf(access === 'client' ? clientFacingStatus(quote.status) : quote.status, quote.quoteNumber);
}

function nameOf(quote: QuoteDetails): string {
  return quote.quoteNumber ?? `The quote ${quote.id}`;
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
  const words = `${quoteStatusWords(access === 'client' ? clientFacingStatus(quote.status) : quote.status, quote.quoteNumber, access)} (${quote.status})`;
  const look = `Run "quotedesk show ${quote.id}" to see its status.`;
  if (stage === 'in-preparation') return `${nameOf(quote)} is ${words}: it can be ${PAST[decision]} once it is sent. ${look}`;
  if (DECIDABLE.has(stage)) return `${nameOf(quote)} is ${words}, but the service refused to let it be ${PAST[decision]} now (it may have changed meanwhile). ${look}`;
  return `${nameOf(quote)} is ${words}: it has been decided or has ended, so it can no longer be ${PAST[decision]}. ${look}`;
}

/** Refused before any request: no terminal to ask and no --yes. */
export function requireConfirmable(decision: Decision, yes: boolean | undefined, stdin: PromptInput | undefined): void {
  if (yes || stdin?.isTTY) return;
  throw new CliRefusal(
    `${decision} needs confirmation, and there is no terminal to ask on: add --yes to ${decision} without asking (${decision === 'accept' ? 'accepting cannot be undone' : 'a declined quote cannot be accepted afterwards'})`,
    EXIT_CODES.confirmationNeeded,
    'confirmation-needed',
  );
}

/** What the question shows: the quote, its project and total, and what will happen. */
export function confirmationText(quote: QuoteDetails, decision: Decision, reason: string | undefined): string {
  const total = quote.totalPrice ? formatMoney(quote.totalPrice) : 'no total';
  const what =
    decision === 'accept'
      ? `Accepting agrees to this quote and its total for ${quote.company.name}; it cannot be undone.`
      : `Declining tells the service you do not want this quote${reason ? ` (reason: "${reason}")` : ' (no reason given; --reason adds one)'}; it cannot be accepted afterwards.`;
  const t = terminalText;
  return `${decision === 'accept' ? 'Accept' : 'Decline'} ${t(quote.quoteNumber ?? `the quote ${quote.id}`)}, ${t(quote.projectName ?? 'no project name')}, ${total}?\n${t(what)}\n`;
}

/** Asks on the terminal; only "y" or "yes" goes ahead. Without --yes a no ends the command (exit 13). */
export async function confirmDecision(quote: QuoteDetails, decision: Decision, reason: string | undefined, yes: boolean | undefined, stdin: PromptInput | undefined, stderr: { write(text: string): unknown }): Promise<void> {
  if (yes) return;
  if (!stdin?.isTTY) return requireConfirmable(decision, yes, stdin);
  stderr.write(confirmationText(quote, decision, reason));
  const reader = createInterface({ input: stdin, output: stderr as NodeJS.WritableStream });
  try {
    const answer = await reader.question(`${decision === 'accept' ? 'Accept' : 'Decline'} it? [y/N] `);
    if (/^y(es)?$/i.test(answer.trim())) return;
  } finally {
    reader.close();
  }
  throw new CliRefusal(`nothing was sent: ${nameOf(quote)} was not ${PAST[decision]}`, EXIT_CODES.confirmationNeeded, 'not-confirmed');
}
