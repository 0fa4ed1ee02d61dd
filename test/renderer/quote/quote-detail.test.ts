import { fireEvent, render, screen, within } from '@testing-library/svelte';
import { describe, expect, it, vi } from 'vitest';
import { QuoteDetail } from '../../../renderer/src/components/quote-detail';
import { makeDetails } from './pricing-fixtures';

const PNG_DATA_URL = 'data:image/png;base64,iVBORw0KGgo=';
const SVG_DATA_URL = `data:image/svg+xml;base64,${btoa('<svg xmlns="http://www.w3.org/2000/svg"/>')}`;
const section = (name: string) => screen.getByRole('region', { name });

describe('quote detail', () => {
  it('counts down to "valid until" only while a decision is open', () => {
    const now = Date.parse('2026-11-26T12:00:00Z');
    const { unmount } = render(QuoteDetail, { quote: makeDetails({ status: 'REJECTED', validUntil: '2026-12-20T12:00:00Z' }), access: 'client', locale: 'en-US', now });
    const facts = () => screen.getByRole('region', { name: 'Decision facts' }).textContent ?? '';
    expect(facts()).toContain('Dec 20, 2026');
    expect(facts()).not.toMatch(/in \d+ days/);
    unmount();
    render(QuoteDetail, { quote: makeDetails({ status: 'REVISED', validUntil: '2026-12-20T12:00:00Z' }), access: 'client', locale: 'en-US', now });
    expect(facts()).toContain('(in 24 days)');
  });

  it("says an internal key's sent quote awaits the client, as its row and notification do, never 'Awaiting your decision'", () => {
    render(QuoteDetail, { quote: makeDetails({ status: 'SENT' }), access: 'internal', locale: 'en-GB' });
    expect(screen.getByText('Awaiting the client')).toBeTruthy();
    expect(screen.getByText('Action needed')).toBeTruthy();
    expect(screen.queryByText('Awaiting your decision')).toBeNull();
  });

  it('shows every field of the quote, with its company, people, timeline, PO and references', () => {
    render(QuoteDetail, { quote: makeDetails(), access: 'client', cachedAt: '2025-05-02T10:15:00Z', locale: 'en-GB' });
    expect(screen.getByRole('heading', { level: 2, name: 'Website relaunch' })).toBeTruthy();
    expect(screen.getByText('Q-2025-0042 · Northwind Traders')).toBeTruthy();
    expect(screen.getByText('€2,350.00')).toBeTruthy();
    expect(screen.getByText('Revised')).toBeTruthy();
    expect(screen.getByText('Awaiting your decision')).toBeTruthy();
    const company = section('Company');
    expect(company.textContent).toContain('Germany');
    expect(company.textContent).toContain('Europe/Berlin');
    expect(within(company).getByText('ada@northwind.test')).toBeTruthy();
    const team = section('Project team');
    expect(team.textContent).toContain('Pat Manager');
    expect(team.textContent).toContain('Lin Linguist');
    const timeline = section('Timeline');
    expect(timeline.textContent).toContain('31 May 2025');
    expect(timeline.textContent).toContain('15 Jun 2025');
    // What a decision needs comes first, beside the status and total: the PO, and until when the quote holds.
    const decision = section('Decision facts');
    expect(decision.textContent).toContain('PO-1234');
    expect(decision.textContent).toMatch(/PO required\s*Yes/);
    const order = section('References');
    expect(order.textContent).toContain('REF-77');
    expect(order.textContent).toContain('RFQ-2025-0007');
    expect(section('General information').textContent).toContain('New brand launch in autumn');
    expect(screen.getByRole('status').textContent).toMatch(/Cached at 2 May 2025/);
  });

  it('opens on what a decision needs: until when it holds, in words, and the PO, before company, team and timeline', () => {
    const now = Date.parse('2025-05-28T12:00:00Z');
    render(QuoteDetail, { quote: makeDetails({ validUntil: '2025-05-31T12:00:00Z' }), access: 'client', locale: 'en-GB', now });
    const decision = section('Decision facts');
    expect(decision.textContent).toMatch(/Valid until\s*31 May 2025\s*\(in 3 days\)/);
    // Document order: the decision facts come before the cards a decision does not hinge on.
    const following = decision.compareDocumentPosition(section('Company')) & Node.DOCUMENT_POSITION_FOLLOWING;
    expect(following).toBeTruthy();
  });

  it('says what is missing instead of leaving blanks', () => {
    const quote = makeDetails({ poNumber: null, poRequired: null, referenceNumber: null, generalInformation: null, rfqInformation: null, projectTeam: null, timeline: null, validUntil: null });
    quote.company.clientUsers = [];
    quote.company.country = null;
    render(QuoteDetail, { quote, access: 'client' });
    expect(section('Decision facts').textContent).toMatch(/Valid until\s*Not given.*PO required\s*Not stated.*PO on file\s*None on file/s);
    expect(section('References').textContent).toMatch(/Not given.*No RFQ/s);
    expect(section('Project team').textContent).toContain('No owner yet');
    expect(section('Project team').textContent).toContain('No team members assigned yet.');
    expect(section('Company').textContent).toContain('No client users listed.');
    expect(section('General information').textContent).toContain('No general information was given.');
  });

  it('shows the logo the core handed over, and initials while there is none', () => {
    const quote = makeDetails();
    quote.company.logo = { url: 'https://cdn.example.com/logo.png' };
    // The address alone is never loaded by the page (its CSP forbids it): only the core's copy.
    const { unmount } = render(QuoteDetail, { quote, access: 'client' });
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.getByText('NT')).toBeTruthy();
    unmount();
    render(QuoteDetail, { quote, access: 'client', logo: PNG_DATA_URL });
    expect(screen.getByRole('img', { name: 'Northwind Traders logo' }).getAttribute('src')).toBe(PNG_DATA_URL);
  });

  it('falls back to initials when the logo cannot be decoded, and tries the next one', async () => {
    const quote = makeDetails();
    const { rerender } = render(QuoteDetail, { quote, access: 'client', logo: PNG_DATA_URL });
    await fireEvent.error(screen.getByRole('img'));
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.getByText('NT')).toBeTruthy();
    await rerender({ logo: SVG_DATA_URL });
    expect(screen.getByRole('img', { name: 'Northwind Traders logo' }).getAttribute('src')).toBe(SVG_DATA_URL);
  });

  it('shows a skeleton while loading, and an error with a way out', async () => {
    const { rerender } = render(QuoteDetail, { quote: null, access: 'client', loading: true });
    expect(screen.getByRole('status', { name: 'Loading the quote' })).toBeTruthy();
    const onretry = vi.fn();
    await rerender({ quote: null, access: 'client', loading: false, error: 'The service did not answer.', onretry });
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('The service did not answer.');
    await fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(onretry).toHaveBeenCalledOnce();
  });

  it('says when it shows the cached copy because it is offline', () => {
    render(QuoteDetail, { quote: makeDetails(), access: 'client', offline: true, cachedAt: '2025-05-02T10:15:00Z', locale: 'en-GB' });
    expect(screen.getByRole('status').textContent).toMatch(/You are offline: showing the copy cached at 2 May 2025/);
  });

  it('adds the people the team users endpoint knows beyond the quote\'s own team, and the summary facts', () => {
    render(QuoteDetail, {
      quote: makeDetails(),
      access: 'client',
      locale: 'en-GB',
      people: [
        { name: 'Pat Manager', email: 'PAT@loc.test', role: 'Project manager', isOwner: true },
        { name: 'Sam Reviewer', email: 'sam@loc.test', role: 'Reviewer', isOwner: false },
      ],
      summary: { revision: 3, lineItemCount: 5, teams: [{ name: 'Translation team', total: 1850, markets: ['de-DE', 'fr-FR'] }] },
    });
    const team = section('Project team');
    const also = within(team).getByRole('heading', { name: 'Also on the project' }).nextElementSibling as HTMLElement;
    expect(within(also).getAllByRole('listitem').map((item) => item.textContent?.replace(/\s+/g, ' ').trim())).toEqual(['Sam Reviewer Reviewer sam@loc.test']);
    const glance = section('At a glance');
    expect(glance.textContent).toMatch(/Revision 3\s*·\s*5 line items/);
    expect(glance.textContent).toContain('€1,850.00');
    expect(glance.textContent).toContain('German (Germany), French (France)');
  });
});
