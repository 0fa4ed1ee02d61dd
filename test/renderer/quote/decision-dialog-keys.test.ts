// The decision dialogs from the keyboard (#27): Accept is the default button (Enter confirms),
// Ctrl/Cmd+Enter sends a decline from its reason, and a done decision's result closes by
// itself after a moment or on Enter; what went wrong stays until the person closes it.
import { fireEvent, render, screen, waitFor } from '@testing-library/svelte';
import { describe, expect, it, vi } from 'vitest';
import { AcceptDialog, DeclineDialog } from '../../../renderer/src/components/decision-dialogs';
import type { DecisionOutcome } from '../../../renderer/src/lib/decision-outcome';
import { makeDetails } from './pricing-fixtures';

const NOW = Date.parse('2025-05-10T12:00:00Z');
const neverChecked = () => Promise.reject(new Error('not expected'));
const done = (message: string): Promise<DecisionOutcome> => Promise.resolve({ outcome: 'done', message });

describe('the accept dialog', () => {
  it('opens on Accept quote, so Enter confirms', () => {
    render(AcceptDialog, { quote: makeDetails(), onconfirm: vi.fn(), oncheckagain: neverChecked, onclose: vi.fn(), now: NOW });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Accept quote' }));
  });

  it('closes by itself a moment after the quote was accepted', async () => {
    const onclose = vi.fn();
    render(AcceptDialog, { quote: makeDetails(), onconfirm: () => done('The quote was accepted.'), oncheckagain: neverChecked, onclose, now: NOW, autoCloseMs: 40 });
    await fireEvent.click(screen.getByRole('button', { name: 'Accept quote' }));
    expect((await screen.findByRole('status')).textContent).toContain('The quote was accepted.');
    expect(onclose).not.toHaveBeenCalled();
    await waitFor(() => expect(onclose).toHaveBeenCalledOnce());
  });

  it('closes on Enter on its result, and keeps a refusal on screen until then', async () => {
    const onclose = vi.fn();
    const refused = () => Promise.resolve<DecisionOutcome>({ outcome: 'refused', message: 'The vendor has not released this quote for a decision yet.' });
    render(AcceptDialog, { quote: makeDetails(), onconfirm: refused, oncheckagain: neverChecked, onclose, now: NOW, autoCloseMs: 20 });
    await fireEvent.click(screen.getByRole('button', { name: 'Accept quote' }));
    const result = await screen.findByRole('alert');
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(onclose).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(result);
    await fireEvent.keyDown(result, { key: 'Enter' });
    expect(onclose).toHaveBeenCalledOnce();
  });
});

describe('the decline dialog', () => {
  it.each([
    ['Ctrl', { ctrlKey: true }],
    ['Cmd', { metaKey: true }],
  ])('%s+Enter in the reason sends the decline with it; a plain Enter is a new line', async (_name, modifier) => {
    const onconfirm = vi.fn((_reason: string) => done('The quote was declined.'));
    render(DeclineDialog, { quote: makeDetails(), onconfirm, oncheckagain: neverChecked, onclose: vi.fn(), now: NOW });
    const reason = screen.getByRole('textbox', { name: /Reason/ });
    expect(document.activeElement).toBe(reason);
    await fireEvent.input(reason, { target: { value: 'Budget moved to next year.' } });
    await fireEvent.keyDown(reason, { key: 'Enter' });
    expect(onconfirm).not.toHaveBeenCalled();
    await fireEvent.keyDown(reason, { key: 'Enter', ...modifier });
    expect(onconfirm).toHaveBeenCalledExactlyOnceWith('Budget moved to next year.');
    expect((await screen.findByRole('status')).textContent).toContain('The quote was declined.');
  });
});
