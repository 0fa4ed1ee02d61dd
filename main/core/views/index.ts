export { createSavedViewsStore, LAST_VIEW_KEY, MAX_SAVED_VIEWS, SAVED_VIEWS_KEY } from './saved-views';
export type { SavedViewsOptions, SavedViewsStore } from './saved-views';
