import { describe, expect, it } from 'vitest';
import { createEventHub } from '../../../main/core/bridge/events';
import type { BridgeEvent } from '../../../main/core/bridge/events';
import { projectDomainEvents } from '../../../main/core/bridge/projection';
import { createEventBus } from '../../../main/core/events';
import type { DomainEvents } from '../../../main/core/events';
import { accountView } from '../../helpers/bridge-fixtures';
import { createRecordingLogger } from '../../helpers/recording-logger';

function setup() {
  const logger = createRecordingLogger();
  const bus = createEventBus<DomainEvents>({ logger });
  const hub = createEventHub({ logger });
  const seen: BridgeEvent[] = [];
  hub.subscribe((event) => seen.push(event));
  const stop = projectDomainEvents(bus, hub);
  return { bus, seen, stop };
}

describe('domain events projected onto contract events', () => {
  it('sends the account list and status changes to the renderer as its contract names them', () => {
    const { bus, seen } = setup();
    bus.publish('accounts.changed', { accounts: [accountView({ status: 'rate-limited', statusMessage: 'Try again in 2 minutes.' })] });
    bus.publish('account.status', { accountId: 'acc-1', status: 'service-error', message: 'The service had a problem.' });
    expect(seen).toEqual([
      { name: 'accounts.changed', payload: { accounts: [accountView({ status: 'rate-limited', statusMessage: 'Try again in 2 minutes.' })] } },
      { name: 'accounts.statusChanged', payload: { accountId: 'acc-1', status: 'service-error', message: 'The service had a problem.' } },
    ]);
  });

  it('keeps domain-only events (an account removed for good) off the bridge, and stops when told', () => {
    const { bus, seen, stop } = setup();
    bus.publish('account.removed', { accountId: 'acc-1' });
    expect(seen).toEqual([]);
    stop();
    bus.publish('accounts.changed', { accounts: [] });
    expect(seen).toEqual([]);
  });
});
