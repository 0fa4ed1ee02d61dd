// An account change that fails, and an account that needs its credentials, are explained in
// main's language, and the failures name it so another window words them by their code.
import { afterEach, describe, expect, it } from 'vitest';
import { setLocale } from '../../../../i18n/paraglide/runtime.js';
import { createAccountsService } from '../../../../main/core/accounts';
import type { AccountsService } from '../../../../main/core/accounts';
import type { AccountDraft } from '../../../../preload/contract';
import { createFakeClock } from '../../../helpers/fake-clock';
import { CLIENT_KEY } from '../../../helpers/service-fixtures';
import { createControlledSecretStore, createControlledSettingsStore } from '../../../helpers/stores';

const ENGLISH = /\b(the|account|credentials|could|not|saved|stored|disk|again|enter|address)\b/i;
let accounts: AccountsService | undefined;

afterEach(async () => {
  setLocale('en', { reload: false });
  await accounts?.close();
  accounts = undefined;
});

function open(settings = createControlledSettingsStore(), secrets = createControlledSecretStore()) {
  let next = 0;
  accounts = createAccountsService({ settings, secrets, clock: createFakeClock(), newId: () => `acc-${++next}` });
  return { service: accounts, settings, secrets };
}

const draft = (): AccountDraft => ({ name: 'Acme', environment: 'production', baseUrl: 'https://quotes.example.com', access: 'client', credentials: { mechanism: 'api-key', apiKey: CLIENT_KEY } });

describe('account changes in main’s language', () => {
  it('says in German that an account was not added because its credentials could not be stored', async () => {
    setLocale('de', { reload: false });
    const { service, secrets } = open();
    secrets.failNext('set');
    const error = await service.add(draft()).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ code: 'internal', retryable: true, language: 'de' });
    expect((error as Error).message).toMatch(
      /^Das Konto wurde nicht hinzugefügt: Die Zugangsdaten konnten nicht gespeichert werden \(.*\)\. Versuchen Sie es erneut und prüfen Sie, ob auf dem Datenträger noch Speicherplatz frei ist\.$/,
    );
  });

  it('says in Arabic that a removal failed, and that a removed account is gone, without English', async () => {
    setLocale('ar', { reload: false });
    const { service, settings } = open();
    const { id } = await service.add(draft());
    settings.failNext('set');
    const failed = (await service.remove(id).catch((caught: unknown) => caught)) as Error & { language?: string };
    expect(failed.message).toMatch(/^لم يُحذف الحساب: تعذّر حفظ قائمة الحسابات \(/);
    expect(failed.message.replace(/\(.*\)/, '')).not.toMatch(ENGLISH);
    expect(failed.language).toBe('ar');
    const gone = await service.test('acc-404').catch((caught: unknown) => caught);
    expect(gone).toMatchObject({ code: 'account-not-found', message: 'لم يعد هذا الحساب موجودًا. ربما حُذف في نافذة أخرى.', language: 'ar' });
  });

  it('says in German why an account whose address moved needs its credentials again', async () => {
    setLocale('de', { reload: false });
    const { service } = open();
    const { id } = await service.add(draft());
    const changed = await service.update({ id, baseUrl: 'https://other.example.com' });
    expect(changed.statusMessage).toContain('Die Adresse des Dienstes wurde in https://other.example.com geändert');
    expect(await service.test(id)).toMatchObject({ diagnosis: 'bad-credentials', message: 'Für dieses Konto sind keine Zugangsdaten gespeichert. Geben Sie sie zuerst ein.' });
    await expect(service.client(id)).rejects.toMatchObject({ code: 'needs-credentials', message: changed.statusMessage });
  });
});
