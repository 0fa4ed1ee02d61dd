export { createAccountsService } from './service';
export type { AccountsServiceDeps } from './service';
export type { AccountsService, BeforeRemoveStep } from './types';
export type { UnreadableAccounts } from './registry';
export { diagnose, judgeAccess } from './diagnose';
export type { ConnectionTarget } from './diagnose';
export { ACCOUNTS_KEY, ACCOUNTS_BACKUP_PREFIX, secretName } from './records';
export { unlistedAccounts } from './unlisted';
