// THE one way every command picks a stored account (list, show, accept, decline, pdf, listen,
// team): by id, or by name in any case, among the saved accounts of a data folder or of the
// running app on it. Demo accounts never count: they live only as long as one run of the app.
import { m } from '../../i18n/paraglide/messages.js';
import { formatCount } from '../../i18n/words/format';
import { ltr } from './locale';
import { UsageError } from './options';

export interface NamedAccount {
  id: string;
  name: string;
  demo: boolean;
}

/**
 * The account `nameOrId` names in `accounts`, or a UsageError listing what there is. Without a
 * name, the folder's only account; several (or none) need --account.
 */
export function pickAccount<A extends NamedAccount>(accounts: readonly A[], nameOrId: string | undefined, folder: string): A {
  const saved = accounts.filter((account) => !account.demo);
  const names = saved.map((account) => `"${account.name}"`).join(', ') || m.cli_account_names_none();
  if (nameOrId === undefined) {
    if (saved.length === 1) return saved[0]!;
    throw new UsageError(saved.length === 0 ? m.cli_account_needed_none({ folder: ltr(folder) }) : m.cli_account_needed_several({ folder: ltr(folder), names }));
  }
  const byId = saved.find((account) => account.id === nameOrId.trim());
  if (byId) return byId;
  const wanted = nameOrId.trim().toLowerCase();
  const matches = saved.filter((account) => account.name.trim().toLowerCase() === wanted);
  if (matches.length === 1) return matches[0]!;
  if (matches.length === 0) throw new UsageError(m.cli_account_not_found({ given: nameOrId, folder: ltr(folder), names }));
  const ids = matches.map((account) => ltr(account.id)).join(', ');
  throw new UsageError(m.cli_account_ambiguous({ count: matches.length, countText: ltr(formatCount(matches.length)), given: nameOrId, ids }));
}
