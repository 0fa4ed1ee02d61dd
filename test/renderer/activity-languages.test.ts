// Activity, the outbox, Insights and Live updates in another language: rendered under German
// and Arabic, each says its words in that language (plural forms included) and none in
// English, while quote numbers, amounts and event codes stay as they are, set apart left to right.
import { render, screen, waitFor, within } from '@testing-library/svelte';
import { afterEach, describe, expect, it } from 'vitest';
import type { DetectedChange, WebhookDelivery } from '../../preload/contract';
import type { OutboxEntry } from '../../preload/contract/bridge/decisions';
import { InsightsView } from '../../renderer/src/components/insights';
import { OutboxList } from '../../renderer/src/components/outbox-list';
import { WebhookActivityView } from '../../renderer/src/components/webhook-activity';
import { manualUrlProblem, registrationWords } from '../../renderer/src/components/webhook-settings/words';
import { switchLocale } from '../../renderer/src/lib/i18n/locale.svelte';
import { appStateContext } from '../../renderer/src/lib/state/context';
import { loadedAppState } from './app-state';
import { FakeBridge } from './fake-bridge';
import { makeAccount, makeQuote, quoteId } from './fixtures';

const acme = makeAccount({ id: 'acme', name: 'Acme Localisation' });

afterEach(() => switchLocale('en'));

const delivery: WebhookDelivery = {
  source: 'webhook',
  id: 1,
  accountId: 'acme',
  receivedAt: Date.UTC(2026, 10, 22, 12),
  event: 'quote.updated',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ event: 'quote.updated', data: { id: 'q-1' } }),
  signature: { ok: true, detail: 'verified' },
  dedupe: 'duplicate',
  status: 200,
  caused: null,
};

const synced = {
  source: 'sync',
  id: 2,
  accountId: 'acme',
  receivedAt: Date.UTC(2026, 10, 22, 12, 5),
  event: 'quote.status',
  quoteId: quoteId(1),
  quoteNumber: 'Q-2026-0042',
  projectName: 'Manuals',
  caused: 'status SENT -> ACCEPTED',
} satisfies DetectedChange;

async function renderActivity() {
  const fake = new FakeBridge({ accounts: [acme], quotes: { acme: [makeQuote({ id: quoteId(1) })] } });
  fake.webhookActivity = [synced, delivery];
  const app = await loadedAppState(fake);
  await app.webhooks.loadActivity();
  render(WebhookActivityView, { props: { accounts: [acme], onsettings: () => {} }, context: appStateContext(app) });
  return screen.getByRole('region');
}

describe('Activity in another language', () => {
  it('speaks German, keeping the quote number and the event code as they are', async () => {
    switchLocale('de');
    const view = await renderActivity();
    expect(within(view).getByRole('heading', { level: 1 }).textContent).toBe('Aktivität');
    const list = within(view).getByRole('list', { name: 'Aktivität' });
    expect(list.textContent).toContain('Per Webhook zugestellt');
    expect(list.textContent).toContain('Nichts: bereits verarbeitet.');
    expect(list.textContent).toContain('Durch Synchronisierung gefunden');
    expect(view.textContent).not.toMatch(/Delivered by webhook|already processed|Found by sync|All accounts/);
    const number = within(list).getByText('Q-2026-0042');
    expect(number.tagName).toBe('BDI');
    expect(number.parentElement!.getAttribute('translate')).toBe('no');
    expect(list.querySelector('[data-activity-source="sync"] .caused')!.textContent).toContain('Angebot Q-2026-0042 (Manuals): status SENT -> ACCEPTED.');
  });

  it('follows a switch to Arabic in place, right to left', async () => {
    const view = await renderActivity();
    expect(within(view).getByRole('heading', { level: 1 }).textContent).toBe('Activity');
    switchLocale('ar');
    await waitFor(() => expect(within(view).getByRole('heading', { level: 1 }).textContent).toBe('النشاط'));
    expect(document.documentElement.dir).toBe('rtl');
    expect(view.textContent).toContain('سُلِّم عبر Webhook');
    expect(view.textContent).not.toContain('Delivered by webhook');
  });
});

describe('the outbox in another language', () => {
  it('says each decision and its state in Arabic', async () => {
    const fake = new FakeBridge({ accounts: [acme], quotes: { acme: [] } });
    const entry: OutboxEntry = {
      id: 'entry-1', accountId: 'acme', accountName: 'Acme', quoteId: 'q-1', quoteNumber: 'Q-7', decision: 'decline', reason: null,
      version: 'v1', decidedAt: '2026-03-01T10:00:00Z', sendAt: 0, state: 'held', attempted: false, message: null,
    };
    fake.outbox = [entry];
    const app = await loadedAppState(fake);
    await app.outbox.load();
    switchLocale('ar');
    render(OutboxList, { context: appStateContext(app) });
    const list = screen.getByRole('region', { name: 'قرارات في صندوق الصادر (1)' });
    expect(list.textContent).toContain('لم يُرسَل: قرِّر مجددًا');
    expect(within(list).getByRole('button', { name: 'تجاهل: رفض Q-7 (Acme)' })).toBeTruthy();
    expect(list.textContent).not.toMatch(/Decline|Dismiss|decide again/);
  });
});

describe('Insights in another language', () => {
  function fake() {
    return new FakeBridge({
      accounts: [acme],
      now: Date.UTC(2025, 2, 20, 12),
      quotes: {
        acme: [
          makeQuote({ id: quoteId(1), status: 'ACCEPTED', companyName: 'Contoso', totalPrice: { amount: 1500, currency: 'EUR' } }),
          makeQuote({ id: quoteId(2), status: 'SENT', companyName: 'Fabrikam', totalPrice: { amount: 400, currency: 'EUR' }, validUntil: '2025-03-24T12:00:00Z' }),
          makeQuote({ id: quoteId(3), status: 'SENT', companyName: 'Fabrikam', totalPrice: { amount: 300, currency: 'EUR' }, validUntil: '2025-03-24T12:00:00Z' }),
        ],
      },
    });
  }

  async function renderInsights() {
    const app = await loadedAppState(fake());
    render(InsightsView, { props: { account: acme }, context: appStateContext(app) });
    return screen.findByRole('table', { name: /^(Nach Währung|حسب العملة)$/ });
  }

  it('counts in German, in its plural forms', async () => {
    switchLocale('de');
    await renderInsights();
    const view = screen.getByRole('region', { name: /Auswertungen/ });
    expect(view.textContent).toContain('Ausgaben für angenommene Angebote');
    expect(view.textContent).toContain('2 Angebote warten auf eine Entscheidung, davon laufen 2 innerhalb von 7 Tagen ab.');
    expect(screen.getByRole('button', { name: 'Das 1 Angebot von Contoso in EUR anzeigen' })).toBeTruthy();
    expect(view.textContent).not.toMatch(/Accepted spend|wait for a decision|Per currency|Currency/);
  });

  it('counts two in Arabic with its dual form', async () => {
    switchLocale('ar');
    await renderInsights();
    expect(screen.getByRole('button', { name: 'عرضا سعر بانتظار قرار' })).toBeTruthy();
    expect(screen.getByText(/ينتهي اثنان منها خلال 7 أيام/)).toBeTruthy();
  });
});

describe('Live updates words in another language', () => {
  it('answers a problem with the tunnel address and a registration state in German', () => {
    switchLocale('de');
    expect(manualUrlProblem('')).toBe('Geben Sie die öffentliche https://-Adresse Ihres Tunnels ein.');
    expect(manualUrlProblem('http://desk.example.net')).toContain('muss mit https:// beginnen');
    expect(registrationWords({ state: 'unregistered' } as Parameters<typeof registrationWords>[0])).toBe('Nicht registriert: Änderungen kommen mit der regelmäßigen Synchronisierung.');
  });
});
