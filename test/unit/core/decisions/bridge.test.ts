import { describe, expect, it } from 'vitest';
import { createDecisionHandlers, SAVED_REASONS_KEY } from '../../../../main/core/decisions/bridge';
import type { Decisions } from '../../../../main/core/decisions';
import type { Outbox } from '../../../../main/core/decisions/outbox';
import { createMemorySettingsStore } from '../../../../main/core/settings-and-secrets';
import { decisionMethods } from '../../../../preload/contract/bridge/decisions';

const unusedDecisions = {} as Decisions;
const unusedOutbox = {} as Outbox;

describe('decision handlers: saved decline reasons', () => {
  it('saves reasons once each, in the order given, and reads them back', async () => {
    const settings = createMemorySettingsStore();
    const handlers = createDecisionHandlers({ decisions: unusedDecisions, outbox: unusedOutbox, settings });
    expect(await handlers['decisions.savedReasons']()).toEqual([]);
    const input = decisionMethods['decisions.saveReasons'].input.parse(['Over budget', ' Over budget ', 'Timeline too long']);
    expect(await handlers['decisions.saveReasons'](input)).toEqual(['Over budget', 'Timeline too long']);
    expect(await handlers['decisions.savedReasons']()).toEqual(['Over budget', 'Timeline too long']);
  });

  it('ignores a stored value that is not a list of reasons instead of failing', async () => {
    const settings = createMemorySettingsStore();
    settings.set(SAVED_REASONS_KEY, { not: 'a list' });
    const handlers = createDecisionHandlers({ decisions: unusedDecisions, outbox: unusedOutbox, settings });
    expect(await handlers['decisions.savedReasons']()).toEqual([]);
  });

  it('reports a reason that could not be written, keeping the previous list', async () => {
    const settings = createMemorySettingsStore();
    settings.set(SAVED_REASONS_KEY, ['Kept']);
    const failing = { ...settings, set: () => { throw new Error('ENOSPC'); } };
    const handlers = createDecisionHandlers({ decisions: unusedDecisions, outbox: unusedOutbox, settings: failing });
    await expect(handlers['decisions.saveReasons'](['New'])).rejects.toMatchObject({ code: 'internal', retryable: true });
    expect(await handlers['decisions.savedReasons']()).toEqual(['Kept']);
  });

  it('refuses a decline reason over 1,000 characters at the edge', () => {
    const parsed = decisionMethods['decisions.decline'].input.safeParse({ accountId: 'a', quoteId: 'q', reason: 'x'.repeat(1001) });
    expect(parsed.success).toBe(false);
    expect(decisionMethods['decisions.decline'].input.parse({ accountId: 'a', quoteId: 'q', reason: `  ${'x'.repeat(1000)}  ` }).reason).toHaveLength(1000);
  });
});
