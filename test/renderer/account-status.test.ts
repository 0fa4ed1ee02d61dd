import { render, screen } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import type { AccountStatus } from '../../preload/contract';
import { Sidebar } from '../../renderer/src/components/sidebar';
import { makeAccount } from './fixtures';

function renderSidebar(accounts: ReturnType<typeof makeAccount>[]) {
  render(Sidebar, {
    props: {
      accounts,
      selectedId: accounts[0]?.id ?? null,
      inboxShown: true,
      loading: false,
      onselect: () => {},
      onadd: () => {},
      onsettings: () => {},
      settingsShown: false,
      actionsFor: () => [],
    },
  });
}

/**
 * What a screen reader reads inside an element: its text, plus the title of any empty
 * element, skipping aria-hidden subtrees. Chromium's name computation takes a child's
 * title when it has no text (accname "tooltip attribute" step); jsdom's does not, so the
 * markup is checked here and the e2e test checks the name in Chromium itself.
 */
function announced(element: Element): string[] {
  if (element.getAttribute('aria-hidden') === 'true') return [];
  const own = element.childNodes.length === 0 && element.getAttribute('title') ? [element.getAttribute('title')!] : [];
  const children = Array.from(element.childNodes).flatMap((node) =>
    node.nodeType === node.TEXT_NODE ? [node.textContent ?? ''] : node instanceof Element ? announced(node) : [],
  );
  return [...own, ...children].map((text) => text.trim()).filter((text) => text !== '');
}

describe('account status in the sidebar', () => {
  const cases: [AccountStatus, string][] = [
    ['needs-credentials', 'Needs new credentials'],
    ['ok', 'Connected'],
    ['unknown', 'Not checked yet'],
    ['unreachable', 'Unreachable'],
  ];

  it.each(cases)('announces %s once, before the account name', (status, label) => {
    renderSidebar([makeAccount({ id: 'a', name: 'Acme', status })]);
    const button = screen.getByRole('button', { name: `${label} Acme` });
    expect(announced(button)).toEqual([label, 'Acme']);
    // The coloured dot keeps its tooltip for sighted users.
    expect(button.querySelector(`[title="${label}"]`)).not.toBeNull();
  });
});

describe('account statuses this window does not know yet', () => {
  // Main may add statuses (a service error, a rate limit) before the renderer knows them.
  const cases: [string, string][] = [
    ['service-error', 'Service error'],
    ['rate-limited', 'Rate limited'],
    ['quota_exhausted', 'Quota exhausted'],
  ];

  it.each(cases)('shows %s in words, never as Connected', (status, label) => {
    renderSidebar([{ ...makeAccount({ id: 'a', name: 'Acme' }), status: status as AccountStatus }]);
    expect(screen.getByRole('button', { name: `${label} Acme` })).toBeTruthy();
    expect(screen.queryByText('Connected')).toBeNull();
  });

  it('shows every status as unknown while the app host is out of reach', () => {
    render(Sidebar, {
      props: {
        accounts: [makeAccount({ id: 'a', name: 'Acme', status: 'ok' }), makeAccount({ id: 'b', name: 'Beta', status: 'unreachable' })],
        selectedId: 'a',
        inboxShown: true,
        loading: false,
        hostLost: true,
        onselect: () => {},
        onadd: () => {},
        onsettings: () => {},
        settingsShown: false,
        actionsFor: () => [],
      },
    });
    expect(screen.getByRole('button', { name: 'Status unknown Acme' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Status unknown Beta' })).toBeTruthy();
    expect(screen.queryByText('Connected')).toBeNull();
  });
});
