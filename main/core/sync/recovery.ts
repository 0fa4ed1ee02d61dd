// Which sync passes are catch-ups: after sleep or resume, a tunnel restart (every account), or
// the first pass after an account was offline (that account). What sync stores while one runs
// was missed by webhooks, so notifications and the activity view call it "recovered". The bus
// is synchronous, so a subscriber asks `active` while the store it hears about is happening.

export interface Recovery {
  /** Runs `work` as a catch-up: of every account, or of `accountId` only. */
  during<T>(work: () => Promise<T>, accountId?: string): Promise<T>;
  /** Whether a sync change of this account stored now is a recovered one. */
  active(accountId: string): boolean;
}

export function createRecovery(): Recovery {
  let everyAccount = 0;
  const perAccount = new Map<string, number>();
  return {
    async during(work, accountId) {
      if (accountId === undefined) everyAccount += 1;
      else perAccount.set(accountId, (perAccount.get(accountId) ?? 0) + 1);
      try {
        return await work();
      } finally {
        if (accountId === undefined) {
          everyAccount -= 1;
        } else {
          const left = (perAccount.get(accountId) ?? 1) - 1;
          if (left > 0) perAccount.set(accountId, left);
          else perAccount.delete(accountId);
        }
      }
    },
    active: (accountId) => everyAccount > 0 || perAccount.has(accountId),
  };
}
