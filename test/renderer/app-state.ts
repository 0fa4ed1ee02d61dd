import { AppState } from '../../renderer/src/lib/state/app-state.svelte';
import type { FakeBridge } from './fake-bridge';
import { fixedWidth, memoryPreferences, memoryStorage } from './render-app';

/**
 * The window's state over a fake bridge, built as the app builds it but without the shell: for
 * tests of what is made from the state (the palette's commands, the shortcut map) and for
 * components rendered on their own with appStateContext(app). Its accounts are read.
 */
export async function loadedAppState(fake: FakeBridge): Promise<AppState> {
  const app = new AppState({ api: fake.api, storage: memoryStorage(), preferences: memoryPreferences(), media: fixedWidth(1000) });
  await app.accounts.load();
  return app;
}
