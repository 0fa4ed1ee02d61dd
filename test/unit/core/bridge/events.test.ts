import { describe, expect, it } from 'vitest';
import { createEventHub } from '../../../../main/core/bridge/events';
import type { BridgeEvent } from '../../../../main/core/bridge/events';
import { accountView } from '../../../helpers/bridge-fixtures';
import { createRecordingLogger } from '../../../helpers/recording-logger';

describe('bridge event hub', () => {
  it('delivers a valid event to every subscriber until it unsubscribes', () => {
    const hub = createEventHub({ logger: createRecordingLogger() });
    const first: BridgeEvent[] = [];
    const second: BridgeEvent[] = [];
    const stopFirst = hub.subscribe((event) => first.push(event));
    hub.subscribe((event) => second.push(event));

    hub.emit('accounts.statusChanged', { accountId: 'acc-1', status: 'needs-credentials', message: 'The key was refused.' });
    stopFirst();
    hub.emit('accounts.changed', { accounts: [accountView()] });

    expect(first).toEqual([{ name: 'accounts.statusChanged', payload: { accountId: 'acc-1', status: 'needs-credentials', message: 'The key was refused.' } }]);
    expect(second.map((event) => event.name)).toEqual(['accounts.statusChanged', 'accounts.changed']);
  });

  it('drops a payload that breaks its schema before any transport sees it, and logs why', () => {
    const logger = createRecordingLogger();
    const hub = createEventHub({ logger });
    const seen: BridgeEvent[] = [];
    hub.subscribe((event) => seen.push(event));

    hub.emit('accounts.statusChanged', { accountId: 'acc-1', status: 'exploded', message: null } as never);

    expect(seen).toEqual([]);
    const line = logger.lines.find((entry) => entry.level === 'error');
    expect(line?.fields?.event).toBe('accounts.statusChanged');
    expect(String(line?.fields?.issues)).toContain('status:');
  });

  it('sends only the fields the contract declares', () => {
    const hub = createEventHub({ logger: createRecordingLogger() });
    const seen: BridgeEvent[] = [];
    hub.subscribe((event) => seen.push(event));
    hub.emit('accounts.changed', { accounts: [{ ...accountView(), clientSecret: 'hunter2' } as never] });
    expect(JSON.stringify(seen)).not.toContain('hunter2');
  });

  it('keeps delivering to the other subscribers when one throws', () => {
    const logger = createRecordingLogger();
    const hub = createEventHub({ logger });
    const seen: string[] = [];
    hub.subscribe(() => {
      throw new Error('window closed');
    });
    hub.subscribe((event) => seen.push(event.name));
    hub.emit('accounts.changed', { accounts: [] });
    expect(seen).toEqual(['accounts.changed']);
    expect(logger.text()).toContain('window closed');
  });
});
