import { describe, expect, it } from 'vitest';
import type { AccountsService } from '../../../main/core/accounts/types';
import { createAppHandlers } from '../../../main/core/app';
import { createDispatcher } from '../../../main/core/bridge/dispatcher';
import { AppError } from '../../../main/core/errors';
import type { AccountView, InboxQueryInput } from '../../../preload/contract';
import { accountView, unusedHandlers } from '../../helpers/bridge-fixtures';
import { createRecordingLogger } from '../../helpers/recording-logger';

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

const unused = unusedHandlers();

function setup(views: AccountView[]) {
  const queried: unknown[] = [];
  const handlers = createAppHandlers({
    accounts: fakeAccounts(views),
    appInfo: async () => ({ version: '1.2.3', host: 'web', demo: false, credentialStorage: { backend: 'file', weak: true, message: 'File only.' }, dataProblems: [] }),
    inbox: {
      'inbox.query': async (input) => {
        queried.push(input);
        return { rows: [], total: 0, offset: 0, accounts: [] };
      }, 'inbox.facets': unused['inbox.facets'], 'quotes.detail': unused['quotes.detail'], 'quotes.extras': unused['quotes.extras'], 'pdfs.get': unused['pdfs.get'], 'pdfs.status': unused['pdfs.status'], 'pdfs.open': unused['pdfs.open'] },
    exports: { 'inbox.export': unused['inbox.export'], 'quotes.exportPricing': unused['quotes.exportPricing'] },
    logos: { 'quotes.logo': unused['quotes.logo'] },
    sync: { 'sync.status': unused['sync.status'], 'sync.refresh': unused['sync.refresh'], 'sync.settings': unused['sync.settings'], 'sync.setSettings': unused['sync.setSettings'] },
    decisions: {
      'decisions.accept': unused['decisions.accept'],
      'decisions.decline': unused['decisions.decline'],
      'decisions.checkAgain': unused['decisions.checkAgain'],
      'decisions.receipts': unused['decisions.receipts'],
      'decisions.savedReasons': unused['decisions.savedReasons'],
      'decisions.saveReasons': unused['decisions.saveReasons'],
    },
  });
  return { dispatcher: createDispatcher({ handlers, logger: createRecordingLogger() }), queried };
}

describe('app handlers', () => {
  it('accounts.list answers the accounts service\'s views', async () => {
    const { dispatcher } = setup([accountView({ id: 'acc-9', access: 'internal' })]);
    expect(await dispatcher.dispatch('accounts.list', undefined)).toEqual({ ok: true, value: [accountView({ id: 'acc-9', access: 'internal' })] });
  });

  it('a feature\'s method reaches the handlers composed for it, with its input parsed', async () => {
    const { dispatcher, queried } = setup([accountView()]);
    const input: InboxQueryInput = { accountId: 'acc-1', search: 'spring' };
    expect(await dispatcher.dispatch('inbox.query', input)).toEqual({ ok: true, value: { rows: [], total: 0, offset: 0, accounts: [] } });
    expect(queried).toEqual([{ accountId: 'acc-1', search: 'spring', sort: 'newest', offset: 0, limit: 100 }]);
  });

  it('app.info answers what the host reports', async () => {
    const { dispatcher } = setup([]);
    const result = await dispatcher.dispatch('app.info', undefined);
    expect(result).toEqual({ ok: true, value: { version: '1.2.3', host: 'web', demo: false, credentialStorage: { backend: 'file', weak: true, message: 'File only.' }, dataProblems: [] } });
  });
});
