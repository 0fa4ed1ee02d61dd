// An Activity entry (a webhook delivery) in plain words: what arrived and what it did, e.g.
// "Quote Q-2026-0107 moved to Project started; inbox updated" or "Job created for project
// Launch; no notification (you turned these off)". The core stores what a delivery caused
// as a short technical string (main/core/webhooks/pipeline.ts, notify/pipeline.ts) in the
// event log on disk; it is translated here, at display time, so entries written by older
// versions read the same way and the stored format never changes. Status words come from
// stages.ts, the one place the inbox takes them from.
import { STAGE_LABELS, stageOf } from './stages';
import { QUOTE_STATUSES, type QuoteStatus } from './statuses';

/** The parts of a delivery the words are made from (WebhookDelivery has them all). */
export interface DeliveryForWords {
  event: string | null;
  body: string | null;
  caused: string | null;
}

interface EnvelopeData {
  entityNumber: string | null;
  entityName: string | null;
}

const KINDS: Readonly<Record<string, string>> = { quote: 'Quote', rfq: 'Request for quote', project: 'Project', job: 'Job' };

/** "Quote Q-2026-0107 moved to Project started; inbox updated": one sentence, no enum names. */
export function deliveryWords(delivery: DeliveryForWords): string {
  const data = envelopeData(delivery.body);
  const caused = causedWords(delivery.caused);
  return caused === null ? arrivedWords(delivery.event, data) : `${arrivedWords(delivery.event, data, caused.status)}; ${caused.effect}`;
}

/** What arrived: the entity by its number or name, and what happened to it. */
function arrivedWords(event: string | null, data: EnvelopeData | null, movedTo?: QuoteStatus): string {
  if (event === null) return 'An event Quotedesk could not read';
  const [kindKey = '', ...rest] = event.split('.');
  const kind = KINDS[kindKey] ?? 'Event';
  const happening = rest.join(' ').replaceAll('_', ' ');
  const number = data?.entityNumber ?? null;
  const name = data?.entityName ?? null;
  if (kindKey === 'quote') {
    const quote = number ? `Quote ${number}` : 'A quote without a number yet';
    // Only what Quotedesk stored counts: the envelope's newStatus may be older than the quote it fetched.
    const status = movedTo;
    if (status) return `${quote} moved to ${STAGE_LABELS[stageOf(status, number)]}`;
    return `${quote}: ${happening}`;
  }
  const subject = [kind, number, name ? `“${name}”` : null].filter(Boolean).join(' ');
  return `${subject} ${happening}`.trim();
}

/** The technical "caused" string as a status the quote moved to (if any) and what Quotedesk did. */
function causedWords(caused: string | null): { status?: QuoteStatus; effect: string } | null {
  if (caused === null) return null;
  const relayed = /^via relay: (.+)$/.exec(caused);
  if (relayed) {
    const words = causedWords(relayed[1]!);
    return words && { ...words, effect: `${words.effect} (via the team relay)` };
  }
  const notification = /^notification: (.+)$/.exec(caused);
  if (notification) return { effect: NOTIFICATION_WORDS[notification[1]!] ?? 'no notification' };
  if (caused === 'quote refreshed: no change (already known)') return { effect: 'already up to date, nothing changed' };
  const refreshed = /^quote refreshed: (.+)$/.exec(caused);
  if (refreshed) {
    const parts = refreshed[1]!.split('; ');
    const moved = parts.map((part) => /^status \S+ -> (\S+)$/.exec(part)?.[1]).find((status) => status !== undefined);
    const status = knownStatus(moved);
    const others = parts.filter((part) => !part.startsWith('status ')).map(refreshedPartWords);
    return { ...(status ? { status } : {}), effect: [...others, 'inbox updated'].join('; ') };
  }
  if (/^quote not (refreshed|stored) /.test(caused)) return { effect: 'could not be fetched now; the next sync will catch up' };
  if (caused === 'ignored: the account is gone') return { effect: 'ignored, the account was removed' };
  if (caused === 'ignored: no entityId') return { effect: 'ignored, it did not say which quote' };
  return { effect: caused };
}

function refreshedPartWords(part: string): string {
  // Entries stored before 'new version kept' said 'revision N', N counting the versions kept
  // here, not the service's revisions: both read the same, without the number.
  if (part === 'new version kept' || /^revision \d+$/.test(part)) return 'new version kept';
  const updated = /^updated (.+)$/.exec(part);
  if (updated) return `${updated[1]} changed`;
  return part;
}

const NOTIFICATION_WORDS: Readonly<Record<string, string>> = {
  shown: 'notification shown',
  grouped: 'notification shown with others',
  duplicate: 'no notification (already notified)',
  'own-decision': 'no notification (your own decision)',
  'no-visible-change': 'no notification (nothing visible changed)',
  'not-wanted': 'no notification (you turned these off)',
  muted: 'no notification (account muted)',
  'do-not-disturb': 'no notification (do not disturb)',
  'quiet-hours': 'no notification (quiet hours)',
};

function knownStatus(value: string | null | undefined): QuoteStatus | undefined {
  return QUOTE_STATUSES.find((status) => status === value);
}

function envelopeData(body: string | null): EnvelopeData | null {
  if (body === null) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return null;
  }
  const data = isRecord(parsed) && isRecord(parsed.data) ? parsed.data : null;
  if (data === null) return null;
  const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);
  return { entityNumber: text(data.entityNumber), entityName: text(data.entityName) };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}
