// Saved views: the inbox's named views and its last view, kept in the settings.
import type { Feature } from '../bridge/feature';
import type { Logger, SettingsStore } from '../ports';
import { createViewHandlers } from './bridge';
import { createSavedViewsStore } from './saved-views';

export function createViewsFeature(deps: { settings: SettingsStore; logger: Logger }): Feature {
  return { name: 'saved views', handlers: createViewHandlers(createSavedViewsStore(deps.settings, deps.logger)) };
}
