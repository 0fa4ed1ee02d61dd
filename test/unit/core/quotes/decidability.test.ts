// Which decisions the service takes on a quote, as the quote view offers them: a client key
// beside an internal key of the same service is told the stored status; a client key alone
// is offered what it sees as awaiting it, with a note; an internal key reads its own status.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { internalPeers, quoteDetailView } from '../../../../main/core/inbox/quote-detail-view';
import { decidability } from '../../../../main/core/quotes/decidability';
import { setLocale } from '../../../../i18n/paraglide/runtime.js';
import type { KeyAccess, QuoteStatus } from '../../../../preload/contract';
import { clientFacingStatus } from '../../../../preload/contract/plain/statuses';
import { cacheRig } from '../cache/helpers';
import type { CacheRig } from '../cache/helpers';
import { detailsOf, fakeQuote } from '../../../helpers/service-fixtures';

const NOT_RELEASED = 'The vendor has not released this quote for a decision yet: it is sent, but awaiting their release.';
const IN_PREPARATION = 'This quote is still being prepared: there is nothing to decide yet.';
const CLIENT_CANNOT_TELL =
  'Your client key cannot tell whether the vendor has released this quote for a decision; if not, the service refuses it and nothing changes.';

const OFFERED = { accept: true, decline: true };

describe('decidability', () => {
  it.each<[QuoteStatus, boolean, string | undefined]>([
    ['SENT', true, undefined],
    ['REVISED', true, undefined],
    ['SENT_PENDING', false, NOT_RELEASED],
    ['SENT_REVISED', false, NOT_RELEASED],
  ])('a client key beside an internal key that sees %s: offered %s', (stored, offered, reason) => {
    const own = { status: clientFacingStatus(stored), quoteNumber: 'Q-1' };
    expect(decidability(own, 'client', stored)).toEqual({ accept: offered, decline: offered, ...(reason ? { reason } : {}) });
  });

  it('a client key alone: what it sees as awaiting it is offered, saying that the vendor may not have released it', () => {
    expect(decidability({ status: 'PENDING', quoteNumber: 'Q-1' }, 'client', null)).toEqual({ ...OFFERED, note: CLIENT_CANNOT_TELL });
    expect(decidability({ status: 'REVISED', quoteNumber: 'Q-1' }, 'client', null)).toEqual({ ...OFFERED, note: CLIENT_CANNOT_TELL });
  });

  it('an internal copy behind the client (before the quote was issued or revised) tells nothing', () => {
    expect(decidability({ status: 'PENDING', quoteNumber: 'Q-1' }, 'client', 'PENDING')).toEqual({ ...OFFERED, note: CLIENT_CANNOT_TELL });
    expect(decidability({ status: 'REVISED', quoteNumber: 'Q-1' }, 'client', 'SENT')).toEqual({ ...OFFERED, note: CLIENT_CANNOT_TELL });
  });

  it('a quote in preparation, or decided, is offered to no key', () => {
    expect(decidability({ status: 'PENDING', quoteNumber: null }, 'client', 'SENT')).toEqual({ accept: false, decline: false, reason: IN_PREPARATION });
    expect(decidability({ status: 'PENDING', quoteNumber: null }, 'internal', null)).toEqual({ accept: false, decline: false, reason: IN_PREPARATION });
    expect(decidability({ status: 'ACCEPTED', quoteNumber: 'Q-1' }, 'client', 'SENT')).toEqual({ accept: false, decline: false });
    expect(decidability({ status: 'REJECTED', quoteNumber: 'Q-1' }, 'internal', null)).toEqual({ accept: false, decline: false });
  });

  it('an internal key reads its own stored status', () => {
    expect(decidability({ status: 'SENT', quoteNumber: 'Q-1' }, 'internal', null)).toEqual(OFFERED);
    expect(decidability({ status: 'SENT_PENDING', quoteNumber: 'Q-1' }, 'internal', null)).toEqual({ accept: false, decline: false, reason: NOT_RELEASED });
  });
});

describe('the quote view a client key is shown', () => {
  const SERVICE = 'https://quotes.example.com';
  const accounts: { id: string; baseUrl: string; access: KeyAccess }[] = [
    { id: 'client', baseUrl: SERVICE, access: 'client' },
    { id: 'internal', baseUrl: `${SERVICE}/`, access: 'internal' },
    { id: 'elsewhere', baseUrl: 'https://other.example.com', access: 'internal' },
  ];
  let rig: CacheRig;
  beforeEach(() => {
    rig = cacheRig();
  });
  afterEach(() => rig.close());

  function store(accountId: string, access: KeyAccess, status: QuoteStatus, quote: ReturnType<typeof fakeQuote>) {
    rig.cache.record({ accountId, access, source: 'sync', observations: [{ kind: 'details', details: detailsOf(quote, status) }] });
  }
  const view = (quoteId: string, peers: string[]) =>
    quoteDetailView({ cache: rig.cache, pdfs: { status: () => ({ cached: false, outdated: false, bytes: null, fetchedAt: null, downloading: false }) } }, 'client', quoteId, 'client', 'cache', null, peers);

  it('finds the internal keys of its own service only', () => {
    expect(internalPeers(accounts, 'client')).toEqual(['internal']);
    expect(internalPeers(accounts, 'internal')).toEqual([]);
  });

  it('beside the internal key: a stored SENT_PENDING quote is not offered and says why; a stored SENT one is', () => {
    const held = fakeQuote();
    const released = fakeQuote();
    store('client', 'client', 'PENDING', held);
    store('internal', 'internal', 'SENT_PENDING', held);
    store('client', 'client', 'PENDING', released);
    store('internal', 'internal', 'SENT', released);
    const peers = internalPeers(accounts, 'client');
    expect(view(held.id, peers).decidable).toEqual({ accept: false, decline: false, reason: NOT_RELEASED });
    expect(view(released.id, peers).decidable).toEqual(OFFERED);
  });

  it('alone (no internal key, or one that has no copy of the quote): offered with the note', () => {
    const held = fakeQuote();
    store('client', 'client', 'PENDING', held);
    expect(view(held.id, []).decidable).toEqual({ ...OFFERED, note: CLIENT_CANNOT_TELL });
    expect(view(held.id, ['internal']).decidable).toEqual({ ...OFFERED, note: CLIENT_CANNOT_TELL });
  });
});

describe('decidability in the chosen language', () => {
  afterEach(() => setLocale('en', { reload: false }));

  it('says why in German, and its note in Arabic', () => {
    setLocale('de', { reload: false });
    expect(decidability({ status: 'PENDING', quoteNumber: null }, 'internal', null).reason).toBe(
      'Dieses Angebot ist noch in Vorbereitung: Es gibt noch nichts zu entscheiden.',
    );
    setLocale('ar', { reload: false });
    expect(decidability({ status: 'PENDING', quoteNumber: 'Q-1' }, 'client', null).note).toBe(
      'لا يستطيع مفتاح العميل لديك معرفة ما إذا كان المورّد قد أتاح عرض السعر هذا للقرار؛ وإن لم يفعل، ترفض الخدمة القرار ولا يتغير شيء.',
    );
  });
});
