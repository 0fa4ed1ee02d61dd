import type { ExportFormat } from '../../../preload/contract';
import { describeFailure } from './error-words';
import { downloadPdf } from './pdf-save';
import type { AccountActions } from './state/account-actions.svelte';
import type { NavigationState } from './state/navigation.svelte';
import type { QuoteState } from './state/quote.svelte';
import type { ReadActions } from './state/read-actions.svelte';
import type { ToastsState } from './state/toasts.svelte';

/** Something the command palette does; the palette's other commands are in palette-commands.ts. */
export interface QuoteCommand {
  label: string;
  detail?: string;
  run: () => void;
}

/** The parts of the app the current quote's commands act on. */
export interface QuoteCommandSources {
  quote: Pick<QuoteState, 'ref' | 'view' | 'openPdf' | 'exportPricing'>;
  navigation: Pick<NavigationState, 'askDecision'>;
  read: Pick<ReadActions, 'markUnread'>;
  accountActions: Pick<AccountActions, 'dismiss'>;
  toasts: Pick<ToastsState, 'error' | 'show'>;
}

const FORMAT_WORDS: Record<ExportFormat, string> = { csv: 'CSV', xlsx: 'Excel workbook' };

/**
 * What the palette offers for the quote on screen (in the reading pane or the full view):
 * none without one. A decision is offered only where the service takes it; its confirmation
 * opens over the quote once the palette has closed.
 */
export function quoteCommands(app: QuoteCommandSources): QuoteCommand[] {
  const { quote, navigation, read, accountActions, toasts } = app;
  const ref = quote.ref;
  const details = quote.view?.details;
  if (!ref || !details || quote.view?.quoteId !== ref.quoteId) return [];
  const detail = details.quoteNumber ?? details.projectName ?? 'This quote';
  const decidable = quote.view.decidable;
  const decide = (intent: 'accept' | 'decline') => () => {
    accountActions.dismiss();
    navigation.askDecision(ref.quoteId, intent);
  };

  async function exportPricing(format: ExportFormat) {
    const result = await quote.exportPricing(format);
    if (!result.ok) return toasts.error(`Couldn't export the pricing: ${describeFailure(result.error).message}`);
    if (result.value.kind === 'download') downloadPdf(result.value.url, result.value.fileName);
    if (result.value.kind !== 'cancelled') toasts.show('info', `Exported the pricing to ${result.value.fileName}.`);
  }

  async function openPdf() {
    const opened = await quote.openPdf('open');
    if (opened?.kind === 'download') downloadPdf(opened.url, opened.fileName);
  }

  return [
    ...(decidable.accept ? [{ label: 'Accept this quote…', detail, run: decide('accept') }] : []),
    ...(decidable.decline ? [{ label: 'Decline this quote…', detail, run: decide('decline') }] : []),
    { label: 'Mark this quote unread', detail, run: () => void read.markUnread(ref.accountId, ref.quoteId) },
    { label: "Open this quote's PDF", detail, run: () => void openPdf() },
    ...(details.itemsPricing?.teams.length
      ? (['csv', 'xlsx'] as const).map((format) => ({ label: `Export this quote's pricing: ${FORMAT_WORDS[format]}`, detail, run: () => void exportPricing(format) }))
      : []),
  ];
}
