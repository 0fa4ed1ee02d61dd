// Which account and which quote a team command is about: a stored account of the data folder
// (by name or id; the only one when there is one), the quote by id, or by number at the service.
import { createAccountsService } from '../../core/accounts';
import type { QuotingClient } from '../../core/api';
import type { Logger } from '../../core/ports';
import { systemClock } from '../../core/ports';
import { quoteIdProblem, quoteRevision, serviceToken } from '../../core/team';
import type { QuoteFacts, QuoteRef } from '../../core/team';
import type { KeyAccess, QuoteDetails } from '../../../preload/contract';
import type { DataFolder } from '../data-folder';
import { pickAccount } from '../account';
import { CliFailure } from '../report';
import { m } from '../../../i18n/paraglide/messages.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface TeamAccount {
  id: string;
  name: string;
  service: string;
  access: KeyAccess;
  /** Made on first use: a quote by id needs no request. */
  client(): Promise<QuotingClient>;
  close(): Promise<void>;
}

export async function teamAccount(folder: DataFolder, nameOrId: string | undefined, logger: Logger): Promise<TeamAccount> {
  const accounts = createAccountsService({ settings: folder.settings, secrets: folder.secrets, clock: systemClock, logger });
  try {
    const account = pickAccount(await accounts.list(), nameOrId, folder.dir);
    return { id: account.id, name: account.name, service: serviceToken(account.baseUrl), access: account.access, client: () => accounts.client(account.id), close: () => accounts.close() };
  } catch (error) {
    await accounts.close();
    throw error;
  }
}

/** The quote's id: given as one, or found by its number at the service. */
export async function quoteId(account: TeamAccount, given: string): Promise<string> {
  const text = given.trim();
  if (UUID.test(text)) return text.toLowerCase();
  const client = await account.client();
  const page = await client.quotes.list({ search: text, limit: 100, page: 1 });
  const found = page.data.filter((quote) => quote.quoteNumber?.toLowerCase() === text.toLowerCase());
  if (found.length !== 1) throw new CliFailure(found.length === 0 ? m.cli_team_quote_not_found({ given: text, account: account.name }) : m.cli_team_quote_ambiguous({ count: found.length, given: text }));
  const problem = quoteIdProblem(found[0]!.id);
  if (problem) throw new CliFailure(problem);
  return found[0]!.id;
}

export async function quoteRef(account: TeamAccount, given: string): Promise<QuoteRef> {
  return { service: account.service, quote: await quoteId(account, given) };
}

/** The quote's revision and total as the service says them now. */
export async function quoteFacts(account: TeamAccount, id: string): Promise<{ quote: QuoteDetails; facts: QuoteFacts }> {
  const quote = await (await account.client()).quotes.get(id);
  return { quote, facts: { revision: quoteRevision(quote), total: quote.totalPrice ?? null } };
}
