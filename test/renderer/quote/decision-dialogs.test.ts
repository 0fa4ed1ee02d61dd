import { fireEvent, render, screen, waitFor, within } from '@testing-library/svelte';
import { describe, expect, it, vi } from 'vitest';
import { AcceptDialog, DeclineDialog } from '../../../renderer/src/components/decision-dialogs';
import { DECLINE_REASON_MAX } from '../../../renderer/src/lib/decision-outcome';
import type { CheckAgainOutcome, DecisionOutcome } from '../../../renderer/src/lib/decision-outcome';
import { DECLINE_REASON_MAX as CONTRACT_MAX } from '../../../preload/contract';
import { makeDetails } from './pricing-fixtures';

const NOW = Date.parse('2025-05-10T12:00:00Z');

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => (resolve = done));
  return { promise, resolve };
}

const neverChecked = () => Promise.reject(new Error('not expected'));

describe('accept dialog', () => {
  it('shows the total, the PO requirement it cannot fulfil, the PO on file and the expiry, with focus inside', () => {
    render(AcceptDialog, { quote: makeDetails(), onconfirm: vi.fn(), oncheckagain: neverChecked, onclose: vi.fn(), locale: 'en-GB', now: NOW });
    const dialog = screen.getByRole('dialog', { name: 'Accept this quote?' });
    const text = dialog.textContent?.replace(/\s+/g, ' ');
    expect(text).toContain('€2,350.00');
    expect(text).toContain('A purchase order is required. Quotedesk cannot send one');
    expect(text).toContain('PO number on file: PO-1234');
    expect(text).toContain('Valid until 31 May 2025');
    expect(dialog.contains(document.activeElement)).toBe(true);
    expect(within(dialog).getByRole('button', { name: 'Accept quote' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeTruthy();
  });

  it('says when no PO is on file and when the quote has expired', () => {
    render(AcceptDialog, { quote: makeDetails({ poNumber: null, poRequired: false }), onconfirm: vi.fn(), oncheckagain: neverChecked, onclose: vi.fn(), locale: 'en-GB', now: Date.parse('2025-07-01T00:00:00Z') });
    const text = screen.getByRole('dialog').textContent?.replace(/\s+/g, ' ');
    expect(text).toContain('No purchase order is required.');
    expect(text).toContain('No PO number on file.');
    expect(text).toContain('Expired 31 May 2025');
  });

  it('sends once while busy, blocks closing, then shows that it was done', async () => {
    const answer = deferred<DecisionOutcome>();
    const onconfirm = vi.fn(() => answer.promise);
    const onclose = vi.fn();
    render(AcceptDialog, { quote: makeDetails(), onconfirm, oncheckagain: neverChecked, onclose, now: NOW });
    await fireEvent.click(screen.getByRole('button', { name: 'Accept quote' }));
    const busy = screen.getByRole('button', { name: 'Accepting…' });
    expect(busy.getAttribute('aria-disabled')).toBe('true');
    await fireEvent.click(busy);
    await fireEvent.keyDown(document, { key: 'Escape' });
    await fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onconfirm).toHaveBeenCalledOnce();
    expect(onclose).not.toHaveBeenCalled();
    answer.resolve({ outcome: 'done', message: 'The quote was accepted.' });
    const status = await screen.findByRole('status');
    expect(status.textContent).toContain('The quote was accepted.');
    expect(document.activeElement).toBe(status);
    expect(screen.queryByRole('button', { name: 'Accept quote' })).toBeNull();
    await fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(onclose).toHaveBeenCalledOnce();
  });

  it('explains a refusal in plain words', async () => {
    render(AcceptDialog, {
      quote: makeDetails(),
      onconfirm: async () => ({ outcome: 'refused', message: 'This quote is now Accepted: it was decided elsewhere.', status: 'ACCEPTED' }),
      oncheckagain: neverChecked,
      onclose: vi.fn(),
      now: NOW,
    });
    await fireEvent.click(screen.getByRole('button', { name: 'Accept quote' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The service did not allow it');
    expect(alert.textContent).toContain('This quote is now Accepted: it was decided elsewhere.');
    expect(screen.queryByRole('button', { name: 'Check again' })).toBeNull();
  });

  it('reports an unknown outcome with "Check again", and offers the decision again once the check allows it', async () => {
    const oncheckagain = vi.fn(async (): Promise<CheckAgainOutcome> => ({ message: 'The quote still shows Pending: it was not accepted. You can decide again.', canDecide: true }));
    const onconfirm = vi.fn(async (): Promise<DecisionOutcome> => ({ outcome: 'unknown', message: 'The answer to the accept was lost.' }));
    render(AcceptDialog, { quote: makeDetails(), onconfirm, oncheckagain, onclose: vi.fn(), now: NOW });
    await fireEvent.click(screen.getByRole('button', { name: 'Accept quote' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Outcome not known yet');
    await fireEvent.click(screen.getByRole('button', { name: 'Check again' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('it was not accepted. You can decide again.'));
    expect(oncheckagain).toHaveBeenCalledOnce();
    expect(screen.getByRole('button', { name: 'Accept quote' })).toBeTruthy();
  });

  it('shows a failure that sent nothing and lets the person try again', async () => {
    const onconfirm = vi
      .fn<() => Promise<DecisionOutcome>>()
      .mockRejectedValueOnce(new Error('Could not reach the service, so the quote was not accepted'))
      .mockResolvedValueOnce({ outcome: 'done', message: 'The quote was accepted.' });
    render(AcceptDialog, { quote: makeDetails(), onconfirm, oncheckagain: neverChecked, onclose: vi.fn(), now: NOW });
    await fireEvent.click(screen.getByRole('button', { name: 'Accept quote' }));
    expect((await screen.findByRole('alert')).textContent).toContain('so the quote was not accepted');
    await fireEvent.click(screen.getByRole('button', { name: 'Accept quote' }));
    expect((await screen.findByRole('status')).textContent).toContain('The quote was accepted.');
  });
});

describe('decline dialog', () => {
  it('sends the trimmed reason and counts characters up to the limit of the spec', async () => {
    expect(DECLINE_REASON_MAX).toBe(CONTRACT_MAX);
    const onconfirm = vi.fn(async (): Promise<DecisionOutcome> => ({ outcome: 'done', message: 'The quote was declined.' }));
    render(DeclineDialog, { quote: makeDetails(), onconfirm, oncheckagain: neverChecked, onclose: vi.fn(), locale: 'en-GB', now: NOW });
    const box = screen.getByRole('textbox', { name: /Reason/ });
    expect(document.activeElement).toBe(box);
    expect(box.getAttribute('maxlength')).toBe('1000');
    await fireEvent.input(box, { target: { value: '  Over budget  ' } });
    expect(screen.getByText('15 / 1,000 characters')).toBeTruthy();
    await fireEvent.click(screen.getByRole('button', { name: 'Decline quote' }));
    expect(onconfirm).toHaveBeenCalledWith('Over budget');
    expect((await screen.findByRole('status')).textContent).toContain('The quote was declined.');
  });

  it('announces the characters left politely once typing pauses, not on every key', async () => {
    render(DeclineDialog, { quote: makeDetails(), onconfirm: vi.fn(), oncheckagain: neverChecked, onclose: vi.fn(), locale: 'en-GB', now: NOW, announceDelayMs: 40 });
    const box = screen.getByRole('textbox', { name: /Reason/ });
    const live = document.querySelector('[aria-live="polite"]')!;
    for (const value of ['a', 'ab', 'abc']) await fireEvent.input(box, { target: { value } });
    expect(live.textContent).toBe('');
    await waitFor(() => expect(live.textContent).toBe('997 characters left'));
    await fireEvent.input(box, { target: { value: 'x'.repeat(1000) } });
    await waitFor(() => expect(live.textContent).toBe('Character limit reached'));
  });

  it('saves, uses and removes reusable reasons through its callback', async () => {
    const onsavereasons = vi.fn();
    const { rerender } = render(DeclineDialog, {
      quote: makeDetails(),
      onconfirm: vi.fn(),
      oncheckagain: neverChecked,
      onclose: vi.fn(),
      savedReasons: ['Timeline too long'],
      onsavereasons,
      now: NOW,
    });
    const box = screen.getByRole('textbox', { name: /Reason/ }) as HTMLTextAreaElement;
    const save = screen.getByRole('button', { name: 'Save this reason' });
    expect(save.getAttribute('aria-disabled')).toBe('true');
    await fireEvent.input(box, { target: { value: ' Over budget ' } });
    await fireEvent.click(save);
    expect(onsavereasons).toHaveBeenLastCalledWith(['Timeline too long', 'Over budget']);

    await fireEvent.click(screen.getByRole('button', { name: 'Use reason: Timeline too long' }));
    expect(box.value).toBe('Timeline too long');
    await fireEvent.click(screen.getByRole('button', { name: 'Remove saved reason: Timeline too long' }));
    expect(onsavereasons).toHaveBeenLastCalledWith([]);

    onsavereasons.mockRejectedValueOnce(new Error('disk full'));
    await rerender({ savedReasons: [] });
    await fireEvent.input(box, { target: { value: 'Other' } });
    await fireEvent.click(screen.getByRole('button', { name: 'Save this reason' }));
    expect((await screen.findByRole('alert')).textContent).toContain('The saved reasons could not be updated: disk full');
  });
});

describe('bridge answers as dialog outcomes', () => {
  it('maps results and failures', async () => {
    const { toDecisionOutcome, toCheckAgainOutcome } = await import('../../../renderer/src/lib/decision-outcome');
    const quote = makeDetails({ status: 'ACCEPTED' });
    expect(toDecisionOutcome({ ok: true, value: { outcome: 'refused', message: 'Decided elsewhere.', quote, receipt: null } })).toEqual({ outcome: 'refused', message: 'Decided elsewhere.', status: 'ACCEPTED' });
    expect(toDecisionOutcome({ ok: false, error: { code: 'invalid-state', message: 'Already being sent.', retryable: false } })).toEqual({ outcome: 'error', message: 'Already being sent.', retryable: false });
    expect(toCheckAgainOutcome({ ok: true, value: { quote, message: 'Shows accepted.', canDecide: false } })).toEqual({ message: 'Shows accepted.', canDecide: false });
    expect(() => toCheckAgainOutcome({ ok: false, error: { code: 'network', message: 'Offline.', retryable: true } })).toThrow('Offline.');
  });

  it('keeps the unknown outcome on screen when checking again fails, and says why', async () => {
    render(AcceptDialog, {
      quote: makeDetails(),
      onconfirm: async () => ({ outcome: 'unknown', message: 'The answer was lost.' }),
      oncheckagain: () => Promise.reject(new Error('Could not reach the service')),
      onclose: vi.fn(),
      now: NOW,
    });
    await fireEvent.click(screen.getByRole('button', { name: 'Accept quote' }));
    await screen.findByRole('alert');
    await fireEvent.click(screen.getByRole('button', { name: 'Check again' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('The answer was lost. Checking again failed: Could not reach the service'));
    expect(screen.getByRole('button', { name: 'Check again' })).toBeTruthy();
  });
});
