// What became of a decision the last run left waiting, in the person's language at the moment
// it is shown: the Activity list and the notification word the same stored report
// (preload/contract/bridge/decisions.ts StartReport) the same way.
import { m } from '../paraglide/messages.js';

/** The parts of a start report its words read (the report itself lives in the bridge contract, which words may not import). */
export interface StartReportForWords {
  decision: 'accept' | 'decline';
  outcome: 'sent' | 'refused' | 'held' | 'unknown';
  waited: boolean;
  quoteNumber: string | null;
}

/** "Your acceptance of Q-2026-0042 was sent when Quotedesk started.": one sentence, no codes. */
export function startReportWords(report: StartReportForWords): string {
  const quote = report.quoteNumber ?? m.activity_start_some_quote();
  const accept = report.decision === 'accept';
  switch (report.outcome) {
    case 'sent':
      if (report.waited) return accept ? m.activity_start_accept_sent_later({ quote }) : m.activity_start_decline_sent_later({ quote });
      return accept ? m.activity_start_accept_sent({ quote }) : m.activity_start_decline_sent({ quote });
    case 'unknown':
      return accept ? m.activity_start_accept_unknown({ quote }) : m.activity_start_decline_unknown({ quote });
    case 'refused':
      return accept ? m.activity_start_accept_refused({ quote }) : m.activity_start_decline_refused({ quote });
    case 'held':
      return accept ? m.activity_start_accept_held({ quote }) : m.activity_start_decline_held({ quote });
  }
}
