// app.info: what this host is and what its data files report, read at each ask (the background
// integrity check may find a problem after the start).
import type { AppInfo } from '../../../preload/contract';
import type { AccountsService } from '../accounts/types';
import type { Feature } from '../bridge/feature';
import type { QuoteStore } from '../database';
import type { DataFileProblem, SecretStore, SettingsStore } from '../ports';

export interface AppInfoFeatureDeps {
  version: string;
  host: AppInfo['host'];
  accounts: Pick<AccountsService, 'list'>;
  settings: Pick<SettingsStore, 'problems'>;
  secrets: Pick<SecretStore, 'problems' | 'describe'>;
  store: Pick<QuoteStore, 'problems'>;
  /** The other features' data files (the decision receipts). */
  problems(): DataFileProblem[];
}

export function createAppInfoFeature(deps: AppInfoFeatureDeps): Feature {
  const dataProblems = (): DataFileProblem[] => [
    ...deps.settings.problems(),
    ...deps.secrets.problems(),
    ...deps.store.problems.map((problem) => ({ file: 'cache' as const, ...problem })),
    ...deps.problems(),
  ];
  return {
    name: 'app info',
    handlers: {
      'app.info': async () => ({
        version: deps.version,
        host: deps.host,
        demo: (await deps.accounts.list()).some((account) => account.demo),
        credentialStorage: deps.secrets.describe(),
        dataProblems: dataProblems(),
      }),
    },
  };
}
