import type { ExportFormat } from '../../../preload/contract';
import { m } from '../../../i18n/paraglide/messages.js';
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

function formatWords(format: ExportFormat): string {
  return format === 'csv' ? 'CSV' : m.shell_cmd_format_xlsx();
}

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
  const detail = details.quoteNumber ?? details.projectName ?? m.shell_cmd_this_quote();
  const decidable = quote.view.decidable;
  const decide = (intent: 'accept' | 'decline') => () => {
    accountActions.dismiss();
    navigation.askDecision(ref.quoteId, intent);
  };

  async function exportPricing(format: ExportFormat) {
    const result = await quote.exportPricing(format);
    if (!result.ok) return toasts.error(m.shell_export_failed({ reason: describeFailure(result.error).message }));
    if (result.value.kind === 'download') downloadPdf(result.value.url, result.value.fileName);
    if (result.value.kind !== 'cancelled') toasts.show('info', m.shell_export_done({ file: result.value.fileName }));
  }

  async function openPdf() {
    const opened = await quote.openPdf('open');
    if (opened?.kind === 'download') downloadPdf(opened.url, opened.fileName);
  }

  return [
    ...(decidable.accept ? [{ label: m.shell_cmd_accept(), detail, run: decide('accept') }] : []),
    ...(decidable.decline ? [{ label: m.shell_cmd_decline(), detail, run: decide('decline') }] : []),
    { label: m.shell_cmd_mark_unread(), detail, run: () => void read.markUnread(ref.accountId, ref.quoteId) },
    { label: m.shell_cmd_open_pdf(), detail, run: () => void openPdf() },
    ...(details.itemsPricing?.teams.length
      ? (['csv', 'xlsx'] as const).map((format) => ({ label: m.shell_cmd_export_pricing({ format: formatWords(format) }), detail, run: () => void exportPricing(format) }))
      : []),
  ];
}
