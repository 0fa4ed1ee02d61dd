// The inbox's saved views and last view in main's settings store: names checked (empty, too
// long, taken in any case), rename and delete, a write that fails changing nothing, and a
// damaged file or entry dropped with a log line instead of a crash.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ViewQuery, viewMethods } from '../../../../preload/contract';
import type { ViewQueryInput } from '../../../../preload/contract';
import { createJsonSettingsStore } from '../../../../main/core/settings-and-secrets/json-settings';
import { createViewHandlers } from '../../../../main/core/views/bridge';
import { createSavedViewsStore, LAST_VIEW_KEY, MAX_SAVED_VIEWS, SAVED_VIEWS_KEY } from '../../../../main/core/views';
import { createControlledSettingsStore, createMemorySettingsStore } from '../../../helpers/stores';
import { createRecordingLogger } from '../../../helpers/recording-logger';

const query = (input: Partial<ViewQueryInput> = {}) => ViewQuery.parse({ accountId: null, ...input });
const acme = query({ search: 'annual', filters: { companies: ['Acme Corp'] } });

function storeOver(initial: Record<string, unknown> = {}) {
  const settings = createControlledSettingsStore(initial);
  const logger = createRecordingLogger();
  let next = 0;
  const store = createSavedViewsStore(settings, logger, { newId: () => `v${++next}` });
  return { settings, logger, store };
}

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

describe('saved views', () => {
  it('saves a view with its whole query and lists it back in the order saved', () => {
    const { store, settings } = storeOver();
    store.save('Acme this year', acme);
    const views = store.save('  Expiring  ', query({ expiringSoon: true, sort: 'expiry' }));
    expect(views.map((view) => view.name)).toEqual(['Acme this year', 'Expiring']);
    expect(store.list()).toEqual(views);
    expect(store.list()[0]!.query).toEqual(acme);
    expect(settings.get(SAVED_VIEWS_KEY)).toEqual(views);
  });

  it('takes "Café" typed composed and decomposed for one name, and keeps it composed (audit note)', () => {
    const { store } = storeOver();
    const [saved] = store.save('Caf\u00e9', acme);
    expect(() => store.save('Cafe\u0301', query())).toThrow(/A view named "Café" already exists/);
    const [renamed] = store.rename(saved!.id, 'Cre\u0300me');
    expect(renamed!.name).toBe('Cr\u00e8me');
    expect(store.list()).toHaveLength(1);
  });

  it('refuses a name already taken, in any case and spacing, and an empty or too long one', () => {
    const { store } = storeOver();
    store.save('Acme', acme);
    expect(() => store.save(' acme ', query())).toThrow(/A view named "Acme" already exists/);
    expect(store.list()).toHaveLength(1);
    // Empty and too long are refused by the contract's schema, which the dispatcher checks every call with.
    const save = viewMethods['views.save'].input;
    expect(save.safeParse({ name: '   ', query: acme }).error?.issues[0]?.message).toBe('Give the view a name.');
    expect(save.safeParse({ name: 'x'.repeat(61), query: acme }).error?.issues[0]?.message).toMatch(/at most 60 characters/);
    expect(save.parse({ name: ' Acme 2 ', query: acme }).name).toBe('Acme 2');
  });

  it('renames a view, refusing a name another view has but not its own', () => {
    const { store } = storeOver();
    const [first] = store.save('Acme', acme);
    store.save('Globex', query());
    expect(() => store.rename(first!.id, 'GLOBEX')).toThrow(/already exists/);
    expect(store.rename(first!.id, 'ACME').map((view) => view.name)).toEqual(['ACME', 'Globex']);
    expect(store.list()[0]).toMatchObject({ id: first!.id, name: 'ACME', query: acme });
    expect(() => store.rename('gone', 'x')).toThrow(/no longer exists/);
  });

  it('deletes a view and only that one', () => {
    const { store } = storeOver();
    const [first] = store.save('Acme', acme);
    store.save('Globex', query());
    expect(store.remove(first!.id).map((view) => view.name)).toEqual(['Globex']);
    expect(store.list().map((view) => view.name)).toEqual(['Globex']);
    expect(() => store.remove(first!.id)).toThrow(/no longer exists/);
  });

  it('keeps the views as they were when the disk refuses the write, and says so', () => {
    const { store, settings } = storeOver();
    const [first] = store.save('Acme', acme);
    settings.failNext('set');
    expect(() => store.save('Globex', query())).toThrow(/could not be written to disk; they are as they were/);
    settings.failNext('set');
    expect(() => store.rename(first!.id, 'Other')).toThrow(/could not be written/);
    settings.failNext('set');
    expect(() => store.remove(first!.id)).toThrow(/could not be written/);
    expect(store.list().map((view) => view.name)).toEqual(['Acme']);
  });

  it(`stops at ${MAX_SAVED_VIEWS} views`, () => {
    const { store } = storeOver();
    for (let index = 0; index < MAX_SAVED_VIEWS; index++) store.save(`View ${index}`, query());
    expect(() => store.save('One more', query())).toThrow(`There are already ${MAX_SAVED_VIEWS} saved views`);
  });

  it('drops a broken or repeated entry with a log line and keeps the others', () => {
    const good = { id: 'a', name: 'Acme', query: acme };
    const { store, logger } = storeOver({
      [SAVED_VIEWS_KEY]: [
        good,
        { id: 'b', name: '', query: acme },
        { id: 'c', name: 'Bad sort', query: { ...acme, sort: 'sideways' } },
        'not a view',
        { id: 'd', name: 'ACME', query: acme },
        { id: 'e', name: 'Old format', query: { accountId: 'acc-1' } },
      ],
    });
    const listed = store.list();
    expect(listed.map((view) => view.name)).toEqual(['Acme', 'Old format']);
    expect(logger.lines.filter((line) => line.level === 'warn')).toHaveLength(4);
    // An entry written before a field existed reads with that field's default.
    expect(listed[1]!.query).toEqual(query({ accountId: 'acc-1' }));
    // A new save writes only what reads: the broken entries are not carried on.
    store.save('New', query());
    expect(store.list().map((view) => view.name)).toEqual(['Acme', 'Old format', 'New']);
  });

  it('keeps the assignee facet (issue 26), and reads a view and a last view saved before it with none', () => {
    const theirs = query({ filters: { companies: ['Acme Corp'], assignees: ['ada@example.com', 'nobody'] } });
    // As written before the facet existed: filters without assignees.
    const before = { accountId: 'acc-1', team: null, search: '', stages: [], needsAction: false, expiringSoon: false, sort: 'newest', filters: { companies: ['Acme Corp'], currencies: [], serviceTypes: [], targetMarkets: [], dueDate: [], validUntil: [] } };
    const { store, logger } = storeOver({ [SAVED_VIEWS_KEY]: [{ id: 'old', name: 'Acme', query: before }], [LAST_VIEW_KEY]: before });
    expect(store.list()[0]!.query.filters).toEqual({ ...before.filters, assignees: [] });
    expect(store.last()?.filters.assignees).toEqual([]);
    expect(logger.lines.filter((line) => line.level === 'warn')).toEqual([]);

    store.save('Ada and nobody', theirs);
    expect(store.list()[1]!.query).toEqual(theirs);
    expect(store.list()[1]!.query.filters.assignees).toEqual(['ada@example.com', 'nobody']);
    store.remember(theirs);
    expect(store.last()).toEqual(theirs);
  });

  it('reads a value that is not a list as no views, with a log line', () => {
    const { store, logger } = storeOver({ [SAVED_VIEWS_KEY]: { views: 'oops' } });
    expect(store.list()).toEqual([]);
    expect(logger.text()).toMatch(/saved views could not be read/);
    expect(store.save('Acme', acme)).toHaveLength(1);
  });
});

describe('the last view', () => {
  it('is remembered and read back; an unchanged view is not written again', () => {
    const { store, settings } = storeOver();
    expect(store.last()).toBeNull();
    store.remember(acme);
    expect(store.last()).toEqual(acme);
    settings.failNext('set');
    // Armed failure untouched: the same view again does not write.
    store.remember(query({ search: 'annual', filters: { companies: ['Acme Corp'] } }));
    expect(() => settings.set('probe', 1)).toThrow();
  });

  it('reads a damaged last view as none, with a log line', () => {
    const { store, logger } = storeOver({ [LAST_VIEW_KEY]: { accountId: 42 } });
    expect(store.last()).toBeNull();
    expect(logger.text()).toMatch(/last inbox view could not be read/);
  });

  it('logs a write that failed instead of failing the inbox', () => {
    const { store, settings, logger } = storeOver();
    settings.failNext('set');
    expect(() => store.remember(acme)).not.toThrow();
    expect(logger.text()).toMatch(/last inbox view could not be written/);
    expect(store.last()).toBeNull();
  });
});

describe('on the settings file', () => {
  it('survives a restart, and a truncated file is set aside and starts empty', () => {
    const folder = mkdtempSync(join(tmpdir(), 'quotedesk-views-'));
    folders.push(folder);
    const logger = createRecordingLogger();
    const first = createSavedViewsStore(createJsonSettingsStore({ folder, logger }), logger);
    first.save('Acme', acme);
    first.remember(acme);
    const again = createSavedViewsStore(createJsonSettingsStore({ folder, logger }), logger);
    expect(again.list().map((view) => view.name)).toEqual(['Acme']);
    expect(again.last()).toEqual(acme);

    const text = readFileSync(join(folder, 'settings.json'), 'utf8');
    writeFileSync(join(folder, 'settings.json'), text.slice(0, text.length / 2));
    const settings = createJsonSettingsStore({ folder, logger });
    const damaged = createSavedViewsStore(settings, logger);
    expect(damaged.list()).toEqual([]);
    expect(damaged.last()).toBeNull();
    expect(settings.problems()).toHaveLength(1);
    expect(damaged.save('Fresh', acme).map((view) => view.name)).toEqual(['Fresh']);
  });
});

describe('the handlers', () => {
  it('answer list with the views and the last view', async () => {
    const store = createSavedViewsStore(createMemorySettingsStore(), createRecordingLogger());
    const handlers = createViewHandlers(store);
    await handlers['views.save']({ name: 'Acme', query: acme });
    await handlers['views.remember'](acme);
    const listed = await handlers['views.list']();
    expect(listed.views.map((view) => view.name)).toEqual(['Acme']);
    expect(listed.last).toEqual(acme);
  });
});
