import type { SavedView, ViewQuery } from '../../../../preload/contract';
import type { MenuAction } from '../menu-action';
import type { PaletteView } from '../palette-commands';
import type { AccountsState } from './accounts.svelte';
import type { InboxState } from './inbox.svelte';
import type { NavigationState } from './navigation.svelte';
import type { ToastsState } from './toasts.svelte';
import { currentQuery, describeView, sameQuery, type SidebarView, type ViewsState } from './views.svelte';
import { m } from '../../../../i18n/paraglide/messages.js';

export interface SavedViewActionsParts {
  views: ViewsState;
  navigation: Pick<NavigationState, 'view' | 'openView'>;
  inbox: Parameters<typeof currentQuery>[0] & Pick<InboxState, 'quoteIds'>;
  accounts: Pick<AccountsState, 'accounts'>;
  toasts: Pick<ToastsState, 'show' | 'success' | 'error'>;
}

/**
 * What the person does with saved views (open one, save, rename, delete it, each said in a
 * toast) and how the sidebar and the palette list them.
 */
export class SavedViewActions {
  readonly #parts: SavedViewActionsParts;

  /** The views in the sidebar: their counts, and whether the inbox shows exactly one of them. */
  readonly sidebar = $derived.by((): SidebarView[] => {
    const { views, navigation, inbox } = this.#parts;
    const inboxShown = navigation.view !== 'settings' && navigation.view !== 'activity';
    const shown = currentQuery(inbox);
    return views.views.map((view) => ({
      id: view.id,
      name: view.name,
      count: views.counts.get(view.id) ?? null,
      current: inboxShown && inbox.quoteIds === null && sameQuery(view.query, shown),
    }));
  });

  constructor(parts: SavedViewActionsParts) {
    this.#parts = parts;
  }

  /** The views as the palette offers them, each with what it shows. */
  paletteViews(): PaletteView[] {
    return this.#parts.views.views.map((view) => ({ id: view.id, name: view.name, detail: this.describe(view.query) }));
  }

  /** What a view shows, in a line, naming its account as the sidebar does. */
  describe(query: ViewQuery): string {
    const { accounts } = this.#parts;
    return describeView(query, (id) => accounts.accounts.find((account) => account.id === id)?.name ?? null);
  }

  open(id: string): void {
    const { views, navigation, toasts } = this.#parts;
    const view = views.views.find((each) => each.id === id);
    if (!view) return;
    const { fellBack } = navigation.openView(view.query);
    if (fellBack) toasts.show('info', m.inbox_view_account_gone({ name: view.name }));
  }

  /** The view's menu in the sidebar. */
  menuFor(id: string): MenuAction[] {
    const { views } = this.#parts;
    const view = views.views.find((each) => each.id === id);
    if (!view) return [];
    return [
      { label: m.inbox_rename(), icon: 'pencil', run: () => (views.dialog = { kind: 'rename', view }) },
      { label: m.inbox_delete(), icon: 'trash', danger: true, run: () => (views.dialog = { kind: 'delete', view }) },
    ];
  }

  /** Saves the view; the answer is what went wrong in plain words (the dialog shows it), or null. */
  async save(name: string, query: ViewQuery): Promise<string | null> {
    const { views, toasts } = this.#parts;
    const error = await views.save(name, query);
    if (error === null) {
      views.dialog = null;
      toasts.success(m.inbox_view_saved({ name: name.trim() }));
    }
    return error;
  }

  async rename(view: SavedView, name: string): Promise<string | null> {
    const { views, toasts } = this.#parts;
    const error = await views.rename(view.id, name);
    if (error === null) {
      views.dialog = null;
      toasts.success(m.inbox_view_renamed({ name: name.trim() }));
    }
    return error;
  }

  async remove(view: SavedView): Promise<void> {
    const { views, toasts } = this.#parts;
    const error = await views.remove(view.id);
    views.dialog = null;
    if (error === null) toasts.success(m.inbox_view_deleted({ name: view.name }));
    else toasts.error(m.inbox_view_delete_failed({ error }));
  }

  cancel(): void {
    this.#parts.views.dialog = null;
  }
}
