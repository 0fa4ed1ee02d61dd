import { render } from '@testing-library/svelte';
import App from '../../renderer/src/app.svelte';
import type { SelectionStorage } from '../../renderer/src/lib/selection-storage';
import type { FakeBridge } from './fake-bridge';

export function memoryStorage(initial: string | null = null): SelectionStorage & { value: string | null } {
  return {
    value: initial,
    read() {
      return this.value;
    },
    write(id) {
      this.value = id;
    },
  };
}

/** Renders the whole app over a fake bridge, with a fixed locale so formats are known. */
export function renderApp(fake: FakeBridge, options: { storage?: SelectionStorage } = {}) {
  const storage = options.storage ?? memoryStorage();
  const result = render(App, {
    props: { api: fake.api, locale: 'en-US', storage },
  });
  return { ...result, storage };
}
