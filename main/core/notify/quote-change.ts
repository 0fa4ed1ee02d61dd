// A change about one quote that its producer describes itself (a snooze that ended, a decision
// the last run left): the account's facts filled in, every field the producer does not know null.
import type { AccountsService } from '../accounts/types';
import { serviceOf } from '../accounts/same-service';
import type { NotifiableChange } from './types';

type Described = Pick<NotifiableChange, 'source' | 'kind' | 'quoteId' | 'quoteNumber' | 'changeKey' | 'occurredAt'> & Partial<NotifiableChange>;

/** The change, or null when the account is gone. */
export async function quoteChangeOf(accounts: Pick<AccountsService, 'list'>, accountId: string, described: Described): Promise<NotifiableChange | null> {
  const account = (await accounts.list()).find((candidate) => candidate.id === accountId);
  if (!account) return null;
  return {
    accountId: account.id,
    accountName: account.name,
    service: serviceOf(account.baseUrl),
    access: account.access,
    projectName: null,
    companyName: null,
    amount: null,
    previousAmount: null,
    oldStatus: null,
    newStatus: null,
    entityId: described.quoteId,
    entityNumber: described.quoteNumber,
    entityName: null,
    versionHash: null,
    ...described,
  };
}
