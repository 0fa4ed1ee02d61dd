import { describe, expect, it } from 'vitest';
import type { AccountsService } from '../../../../main/core/accounts/types';
import { createDispatcher } from '../../../../main/core/bridge/dispatcher';
import { createEventHub } from '../../../../main/core/bridge/events';
import type { BridgeEvent } from '../../../../main/core/bridge/events';
import { createEventBus } from '../../../../main/core/events';
import type { DomainEvents } from '../../../../main/core/events';
import { assembleFeatures } from '../../../../main/core/bridge/feature';
import { createAccountsFeature } from '../../../../main/core/accounts/feature';
import { createAppInfoFeature } from '../../../../main/core/app-info/feature';
import type { Feature } from '../../../../main/core/bridge/feature';
import { AppError } from '../../../../main/core/errors';
import type { AccountView, Handlers } from '../../../../preload/contract';
import { accountView, unusedHandlers } from '../../../helpers/bridge-fixtures';
import { createRecordingLogger } from '../../../helpers/recording-logger';

function fakeAccounts(views: AccountView[]): AccountsService {
  const notHere = () => Promise.reject(new Error('not used in this test'));
  return {
    list: async () => views,
    get: async (id) => {
      const found = views.find((view) => view.id === id);
      if (!found) throw new AppError('account-not-found', 'No such account.');
      return found;
    },
    add: notHere,
    addDemo: notHere,
    update: notHere,
    remove: notHere,
    onBeforeRemove: () => () => undefined,
    test: notHere,
    testDraft: notHere,
    client: notHere,
    unreadable: async () => ({ files: [], damagedList: false, keptCredentials: [] }),
    close: async () => undefined,
  };
}

const APP_INFO = { version: '1.2.3', host: 'web' as const, demo: false, credentialStorage: { backend: 'file' as const, weak: true, message: 'File only.' }, dataProblems: [] };

/** app.info over stores that report what APP_INFO says, and a store with no problem. */
function appInfo(views: AccountView[]): Feature {
  const { credentialStorage } = APP_INFO;
  return createAppInfoFeature({
    version: APP_INFO.version,
    host: APP_INFO.host,
    accounts: { list: async () => views },
    settings: { problems: () => [] },
    secrets: { problems: () => [], describe: () => credentialStorage },
    store: { problems: [] },
    problems: () => [],
  });
}

/** The accounts and app.info features and, answering every other method, one feature per namespace that records its start and close. */
function setup(views: AccountView[], options: { failStart?: string } = {}) {
  const logger = createRecordingLogger();
  const bus = createEventBus<DomainEvents>({ logger });
  const hub = createEventHub({ logger });
  const pushed: BridgeEvent[] = [];
  hub.subscribe((event) => pushed.push(event));
  const order: string[] = [];
  const rest = unusedHandlers() as Partial<Handlers>;
  const byNamespace = new Map<string, Partial<Handlers>>();
  for (const [method, handler] of Object.entries(rest)) {
    const namespace = method.split('.')[0]!;
    if (namespace === 'accounts' || method === 'app.info') continue;
    byNamespace.set(namespace, { ...byNamespace.get(namespace), [method]: handler });
  }
  const others: Feature[] = [...byNamespace].map(([name, handlers]) => ({
    name,
    handlers,
    async start() {
      order.push(`start ${name}`);
      if (name === options.failStart) throw new Error(`${name} broke`);
    },
    close: () => void order.push(`close ${name}`),
  }));
  const features = assembleFeatures([createAccountsFeature({ accounts: fakeAccounts(views), bus }), appInfo(views), ...others], { hub, logger });
  return { features, dispatcher: createDispatcher({ handlers: features.handlers, logger }), order, names: others.map((feature) => feature.name), bus, pushed, logger };
}

describe('the core\'s features, assembled', () => {
  it('accounts.list answers the accounts service\'s views, and app.info what the host reports', async () => {
    const { dispatcher } = setup([accountView({ id: 'acc-9', access: 'internal' })]);
    expect(await dispatcher.dispatch('accounts.list', undefined)).toEqual({ ok: true, value: [accountView({ id: 'acc-9', access: 'internal' })] });
    expect(await dispatcher.dispatch('app.info', undefined)).toEqual({ ok: true, value: APP_INFO });
  });

  it('starts the features in their order and closes them in the reverse, then stops their projections', async () => {
    const { features, order, names, bus, pushed } = setup([]);
    await features.started;
    expect(order).toEqual(names.map((name) => `start ${name}`));
    bus.publish('accounts.changed', { accounts: [] });
    expect(pushed.map((event) => event.name)).toEqual(['accounts.changed']);
    order.length = 0;
    await features.close();
    expect(order).toEqual([...names].reverse().map((name) => `close ${name}`));
    bus.publish('accounts.changed', { accounts: [] });
    expect(pushed).toHaveLength(1);
  });

  it('a feature that fails to start is logged by name and the ones after it still start', async () => {
    const { features, order, names, logger } = setup([], { failStart: 'inbox' });
    await features.started;
    expect(order).toEqual(names.map((name) => `start ${name}`));
    expect(logger.text()).toContain('inbox did not start completely');
    expect(logger.text()).toContain('inbox broke');
  });

  it('closing while the features start skips the starts not yet begun', async () => {
    const { features, order, names } = setup([]);
    // Closed in the same tick as made: the starts run in the background, so none had begun.
    await features.close();
    expect(order.filter((line) => line.startsWith('start'))).toEqual([]);
    expect(order.filter((line) => line.startsWith('close'))).toHaveLength(names.length);
  });

  it('refuses a wiring where a bridge method has no feature, or two', () => {
    const logger = createRecordingLogger();
    const hub = createEventHub({ logger });
    const all = unusedHandlers();
    const { 'sync.refresh': _refresh, ...allButOne } = all;
    expect(() => assembleFeatures([{ name: 'most', handlers: allButOne }], { hub, logger })).toThrow('no feature answers the bridge method sync.refresh');
    expect(() => assembleFeatures([{ name: 'all', handlers: all }, { name: 'again', handlers: { 'sync.refresh': _refresh } }], { hub, logger })).toThrow(
      'the bridge method sync.refresh is answered by two features: all and again',
    );
  });
});
