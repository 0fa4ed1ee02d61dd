// The notes a removal comes back with (a step that failed or took too long) are said in
// main's language around the step's own words.
import { afterEach, describe, expect, it } from 'vitest';
import { setLocale } from '../../../../i18n/paraglide/runtime.js';
import { createAccountsService } from '../../../../main/core/accounts';
import type { AccountsService } from '../../../../main/core/accounts';
import { createFakeClock } from '../../../helpers/fake-clock';
import { CLIENT_KEY } from '../../../helpers/service-fixtures';
import { createControlledSecretStore, createControlledSettingsStore } from '../../../helpers/stores';

let accounts: AccountsService | undefined;
afterEach(async () => {
  setLocale('en', { reload: false });
  await accounts?.close();
  accounts = undefined;
});

async function removedWith(step: { what: string; run: () => Promise<string | null> }) {
  accounts = createAccountsService({ settings: createControlledSettingsStore(), secrets: createControlledSecretStore(), clock: createFakeClock(), beforeRemoveMs: 100 });
  const { id } = await accounts.add({ name: 'Acme', environment: 'production', baseUrl: 'https://quotes.example.com', access: 'client', credentials: { mechanism: 'api-key', apiKey: CLIENT_KEY } });
  accounts.onBeforeRemove(step);
  return (await accounts.remove(id)).notes;
}

describe('removal notes in main’s language', () => {
  it('says in Arabic that a failed step did not stop the removal, keeping the cause as it came', async () => {
    setLocale('ar', { reload: false });
    const notes = await removedWith({ what: 'حذف تسجيل Webhook لدى الخدمة', run: () => Promise.reject(new Error('ECONNREFUSED')) });
    expect(notes).toEqual(['حذف تسجيل Webhook لدى الخدمة: فشل (ECONNREFUSED)؛ وحُذف الحساب على أي حال.']);
  });

  it('says in German that a step that never ended was left behind', async () => {
    setLocale('de', { reload: false });
    const notes = await removedWith({ what: 'Webhook-Registrierung beim Dienst löschen', run: () => new Promise<never>(() => {}) });
    expect(notes).toEqual([expect.stringMatching(/^Webhook-Registrierung beim Dienst löschen: nicht innerhalb von \d+ Sekunden? abgeschlossen; das Konto wurde ohne diesen Schritt entfernt\.$/)]);
  });
});
