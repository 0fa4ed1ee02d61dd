// The app shell speaks the window's language: the sidebar, the data alert, the palette's
// words and the freshness line follow switchLocale in place, with names, counts and paths kept
// as they are (and left to right where they would run backwards in Arabic).
import { render, screen } from '@testing-library/svelte';
import { afterEach, describe, expect, it } from 'vitest';
import { DataProblems } from '../../renderer/src/components/data-problems';
import { Sidebar } from '../../renderer/src/components/sidebar';
import { freshnessWords } from '../../renderer/src/components/sync-freshness';
import { accountStatusWords } from '../../renderer/src/components/account-status';
import { localItems, kindLabel } from '../../renderer/src/components/command-palette/items';
import { hostLinkTitle, hostReconnectingMessage } from '../../renderer/src/lib/host-link-words';
import { switchLocale } from '../../renderer/src/lib/i18n/locale.svelte';
import { makeAccount } from './fixtures';

afterEach(() => switchLocale('en'));

function renderSidebar(outboxCount = 0) {
  const accounts = [makeAccount({ id: 'a1', name: 'Acme Localisation' })];
  render(Sidebar, {
    props: {
      accounts,
      selectedId: 'a1',
      inboxShown: true,
      loading: false,
      onselect: () => {},
      onadd: () => {},
      onsettings: () => {},
      settingsShown: false,
      actionsFor: () => [],
      onactivity: () => {},
      outboxCount,
    },
  });
}

describe('the shell in German and Arabic', () => {
  it('the sidebar speaks German, keeps the account name untranslated and counts in German', () => {
    switchLocale('de');
    renderSidebar(2);
    const nav = screen.getByRole('navigation', { name: 'Konten' });
    expect(screen.getByRole('button', { name: 'Einstellungen' })).toBeTruthy();
    expect(screen.getAllByRole('button', { name: 'Konto hinzufügen' }).length).toBe(2);
    expect(screen.getByRole('button', { name: /Aktivität\s*2 Entscheidungen warten auf den Versand/ })).toBeTruthy();
    expect(nav.textContent).not.toMatch(/Settings|Add account|Accounts|Activity/);
    expect(screen.getByText('Acme Localisation').getAttribute('translate')).toBe('no');
  });

  it('switching back to English redraws the sidebar in place', () => {
    switchLocale('ar');
    renderSidebar();
    expect(screen.getByRole('button', { name: 'الإعدادات' })).toBeTruthy();
    expect(document.documentElement.dir).toBe('rtl');
    switchLocale('en');
    return Promise.resolve().then(() => {
      expect(screen.getByRole('button', { name: 'Settings' })).toBeTruthy();
      expect(document.documentElement.dir).toBe('ltr');
    });
  });

  it('the data alert explains the problem in German and keeps the path as code, left to right', () => {
    switchLocale('de');
    render(DataProblems, { problems: [{ file: 'settings', path: '/data/settings.json', keptAt: '/data/settings.json.damaged-1', reason: 'truncated' }] });
    const alert = screen.getByRole('alert', { name: 'Datendateien, die nicht gelesen werden konnten' });
    expect(alert.textContent).toContain('Ihre Einstellungsdatei konnte nicht gelesen werden');
    expect(alert.textContent).not.toMatch(/could not be read|Nothing was deleted/);
    const path = alert.querySelector('code');
    expect(path?.textContent).toBe('/data/settings.json.damaged-1');
    expect(path?.getAttribute('dir')).toBe('ltr');
  });

  it('the freshness line, account statuses and palette labels speak Arabic, with all of its plural forms', () => {
    switchLocale('ar');
    const syncing = (quotesSeen: number) =>
      freshnessWords({ phase: 'syncing', offlineSince: null, lastSyncedAt: null, rateLimitedUntil: null, progress: { quotesSeen, pagesDone: 1, pagesTotal: null, details: null } } as never, 0, 'en');
    expect(syncing(2)).toBe('جارٍ مزامنة عرضَي سعر…');
    expect(syncing(5)).toBe('جارٍ مزامنة 5 عروض أسعار…');
    expect(syncing(11)).toBe('جارٍ مزامنة 11 عرض سعر…');
    expect(accountStatusWords('unreachable').label).toBe('يتعذّر الوصول');
    expect(kindLabel('Quote')).toBe('عرض سعر');
    // Typing the word for "account" in the window's language lists every account.
    const found = localItems('حساب', [], [makeAccount({ id: 'a1', name: 'Acme' })], () => {});
    expect(found.map((item) => item.label)).toEqual(['Acme']);
  });

  it('a host failure made in one language is still recognised after a switch, and titled in the new one', () => {
    switchLocale('de');
    const made = hostReconnectingMessage();
    expect(made).toContain('Verbindung zu Quotedesk wird wiederhergestellt');
    switchLocale('fr');
    expect(hostLinkTitle(made)).toBe('Reconnexion à Quotedesk');
    expect(hostLinkTitle('connect ECONNREFUSED 127.0.0.1:9')).toBeNull();
  });
});
