import { describe, expect, it } from 'vitest';
import type { AccountsService } from '../../../main/core/accounts/types';
import type { ListQuotesParams, QuotingClient } from '../../../main/core/api/types';
import { createAppHandlers } from '../../../main/core/app';
import { createDispatcher } from '../../../main/core/bridge/dispatcher';
import { AppError } from '../../../main/core/errors';
import type { AccountView } from '../../../preload/contract';
import { accountView, quoteItem, unusedHandlers } from '../../helpers/bridge-fixtures';
import { createRecordingLogger } from '../../helpers/recording-logger';

const pagination = { page: 2, limit: 25, total: 30, totalPages: 2, hasNextPage: false, hasPrevPage: true };

function fakeAccounts(views: AccountView[], listed: ListQuotesParams[]): AccountsService {
  const client = {
    baseUrl: 'http://127.0.0.1:1',
    quotes: {
      list: async (params: ListQuotesParams) => {
        listed.push(params);
        return { data: [quoteItem()], pagination };
      },
    },
  } as unknown as QuotingClient;
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
    test: notHere,
    testDraft: notHere,
    client: async (id) => {
      if (!views.some((view) => view.id === id)) throw new AppError('account-not-found', 'No such account.');
      return client;
    },
    unreadable: async () => ({ files: [], damagedList: false, keptCredentials: [] }),
    close: async () => undefined,
  };
}

const unused = unusedHandlers();

function setup(views: AccountView[]) {
  const listed: ListQuotesParams[] = [];
  const handlers = createAppHandlers({
    accounts: fakeAccounts(views, listed),
    appInfo: async () => ({ version: '1.2.3', host: 'web', demo: false, credentialStorage: { backend: 'file', weak: true, message: 'File only.' }, dataProblems: [] }),
    inbox: { 'inbox.query': unused['inbox.query'], 'quotes.detail': unused['quotes.detail'], 'pdfs.get': unused['pdfs.get'], 'pdfs.status': unused['pdfs.status'], 'pdfs.open': unused['pdfs.open'] },
    sync: { 'sync.status': unused['sync.status'], 'sync.refresh': unused['sync.refresh'] },
    decisions: {
      'decisions.accept': unused['decisions.accept'],
      'decisions.decline': unused['decisions.decline'],
      'decisions.checkAgain': unused['decisions.checkAgain'],
      'decisions.receipts': unused['decisions.receipts'],
      'decisions.savedReasons': unused['decisions.savedReasons'],
      'decisions.saveReasons': unused['decisions.saveReasons'],
    },
  });
  return { dispatcher: createDispatcher({ handlers, logger: createRecordingLogger() }), listed };
}

describe('app handlers', () => {
  it('quotes.list returns the page of the account with the access of its key', async () => {
    const { dispatcher, listed } = setup([accountView({ id: 'acc-9', access: 'internal' })]);
    const result = await dispatcher.dispatch('quotes.list', { accountId: 'acc-9', page: 2, limit: 25, status: 'SENT', search: ' spring ' });
    expect(listed).toEqual([{ page: 2, limit: 25, status: 'SENT', search: 'spring' }]);
    expect(result).toEqual({ ok: true, value: { items: [quoteItem()], pagination, access: 'internal' } });
  });

  it('quotes.list leaves out an empty search and no status filter', async () => {
    const { dispatcher, listed } = setup([accountView()]);
    await dispatcher.dispatch('quotes.list', { accountId: 'acc-1', search: '   ' });
    expect(listed).toEqual([{ page: 1, limit: 50 }]);
  });

  it('quotes.list for an unknown account is an account-not-found error', async () => {
    const { dispatcher, listed } = setup([accountView()]);
    const result = await dispatcher.dispatch('quotes.list', { accountId: 'gone' });
    expect(result.ok || result.error.code).toBe('account-not-found');
    expect(listed).toEqual([]);
  });

  it('app.info answers what the host reports', async () => {
    const { dispatcher } = setup([]);
    const result = await dispatcher.dispatch('app.info', undefined);
    expect(result).toEqual({ ok: true, value: { version: '1.2.3', host: 'web', demo: false, credentialStorage: { backend: 'file', weak: true, message: 'File only.' }, dataProblems: [] } });
  });
});
