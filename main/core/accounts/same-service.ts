// Accounts on one Quoting Service (a client key beside the internal key, as in demo mode)
// see the same quotes: a change they both see is announced once, and a quote read through
// one of them is read in all of them.

/** One service, however its base URL was typed (case, a trailing slash). */
export function serviceOf(baseUrl: string): string {
  return baseUrl.trim().replace(/\/+$/, '').toLowerCase();
}

/** The other accounts on the service of `accountId`; null when there is no such account. */
export function sameServiceAccounts(accounts: readonly { id: string; baseUrl: string }[], accountId: string): string[] | null {
  const account = accounts.find((candidate) => candidate.id === accountId);
  if (!account) return null;
  const service = serviceOf(account.baseUrl);
  return accounts.filter((other) => other.id !== accountId && serviceOf(other.baseUrl) === service).map((other) => other.id);
}
