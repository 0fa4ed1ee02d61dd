// The inbox's saved views and the last view the person was on, in the settings store (the
// atomic JSON file main owns). Each stored entry is checked by the bridge's own zod schema
// when read: a broken one is dropped with a log line, never a crash, and the others stay.
import { randomUUID } from 'node:crypto';
import { SavedView, ViewQuery } from '../../../preload/contract';
import { errorText, saidError } from '../errors';
import { m } from '../../../i18n/paraglide/messages.js';
import type { Logger, SettingsStore } from '../ports';

export const SAVED_VIEWS_KEY = 'inbox.savedViews';
export const LAST_VIEW_KEY = 'inbox.lastView';
/** Enough for every way a person cuts the inbox; a sidebar longer than this stops being read. */
export const MAX_SAVED_VIEWS = 50;

export interface SavedViewsStore {
  list(): SavedView[];
  /** The view the person was on when the app last ran; null when none or unreadable. */
  last(): ViewQuery | null;
  save(name: string, query: ViewQuery): SavedView[];
  rename(id: string, name: string): SavedView[];
  remove(id: string): SavedView[];
  remember(query: ViewQuery): void;
}

export interface SavedViewsOptions {
  /** New ids; random UUIDs unless a test gives its own. */
  newId?: () => string;
}

/** Names compare as a person reads them: "Acme" and " acme " are the same view. */
// One name, however it was typed: "Café" composed (NFC) or decomposed (NFD, as macOS file
// dialogs and some keyboards give it) is the same name, in any case and spacing.
const nameKey = (name: string) => name.normalize('NFC').trim().toLocaleLowerCase();
const sameName = (a: string, b: string) => nameKey(a) === nameKey(b);

export function createSavedViewsStore(settings: SettingsStore, logger: Logger, options: SavedViewsOptions = {}): SavedViewsStore {
  const newId = options.newId ?? randomUUID;

  function list(): SavedView[] {
    const stored = settings.get<unknown>(SAVED_VIEWS_KEY);
    if (stored === undefined) return [];
    if (!Array.isArray(stored)) {
      logger.warn('the saved views could not be read (not a list); none are shown', { key: SAVED_VIEWS_KEY });
      return [];
    }
    const views: SavedView[] = [];
    stored.forEach((entry: unknown, index) => {
      const parsed = SavedView.safeParse(entry);
      if (!parsed.success) {
        logger.warn('a saved view could not be read and is left out', { index, problem: parsed.error.issues[0]?.message ?? 'invalid' });
        return;
      }
      // Two entries with one id or one name (a hand-edited file): the first one counts.
      if (views.some((view) => view.id === parsed.data.id || sameName(view.name, parsed.data.name))) {
        logger.warn('a saved view repeats another one and is left out', { index });
        return;
      }
      views.push(parsed.data);
    });
    return views;
  }

  function write(views: SavedView[]): SavedView[] {
    try {
      settings.set(SAVED_VIEWS_KEY, views);
    } catch (error) {
      throw saidError('internal', m.main_views_write_failed(), { retryable: true, cause: error });
    }
    return views;
  }

  function refuseTaken(views: readonly SavedView[], name: string, except?: string): void {
    const taken = views.find((view) => view.id !== except && sameName(view.name, name));
    if (!taken) return;
    const message = m.main_views_name_taken({ name: taken.name });
    throw saidError('invalid-input', message, { issues: [{ path: ['name'], message }] });
  }

  function find(views: readonly SavedView[], id: string): SavedView {
    const view = views.find((each) => each.id === id);
    if (!view) throw saidError('not-found', m.main_views_gone());
    return view;
  }

  return {
    list,
    last() {
      const stored = settings.get<unknown>(LAST_VIEW_KEY);
      if (stored === undefined) return null;
      const parsed = ViewQuery.safeParse(stored);
      if (parsed.success) return parsed.data;
      logger.warn('the last inbox view could not be read; the inbox starts from its defaults', { problem: parsed.error.issues[0]?.message ?? 'invalid' });
      return null;
    },
    save(name, query) {
      const views = list();
      const trimmed = name.normalize('NFC').trim();
      refuseTaken(views, trimmed);
      if (views.length >= MAX_SAVED_VIEWS) throw saidError('invalid-input', m.main_views_too_many({ max: MAX_SAVED_VIEWS }));
      return write([...views, { id: newId(), name: trimmed, query: ViewQuery.parse(query) }]);
    },
    rename(id, name) {
      const views = list();
      find(views, id);
      const trimmed = name.normalize('NFC').trim();
      refuseTaken(views, trimmed, id);
      return write(views.map((view) => (view.id === id ? { ...view, name: trimmed } : view)));
    },
    remove(id) {
      const views = list();
      find(views, id);
      return write(views.filter((view) => view.id !== id));
    },
    remember(query) {
      const valid = ViewQuery.parse(query);
      // Unchanged: no write (each one is a synced file replace).
      if (JSON.stringify(settings.get<unknown>(LAST_VIEW_KEY)) === JSON.stringify(valid)) return;
      try {
        settings.set(LAST_VIEW_KEY, valid);
      } catch (error) {
        // Losing the last view costs a click at the next start: worth a log line, not an error on screen.
        logger.warn('the last inbox view could not be written', { error: errorText(error) });
      }
    },
  };
}
