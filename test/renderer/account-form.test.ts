import { describe, expect, it } from 'vitest';
import { baseUrlProblem } from '../../i18n/words/base-url';
import {
  credentialsTiedToAddress,
  addressChanged,
  emptyForm,
  fieldErrorsFromIssues,
  formFromAccount,
  savedMessage,
  toDraft,
  toUpdate,
  validateAccountForm,
} from '../../renderer/src/lib/account-form';
import { makeAccount } from './fixtures';

describe('account form', () => {
  it('checks the base URL with the one rule of the contract', () => {
    const values = { ...emptyForm(), name: 'Acme', apiKey: 'k' };
    for (const baseUrl of ['', 'quotes.example.com', 'http://quotes.example.com', 'https://u:p@quotes.example.com', 'ftp://quotes.example.com']) {
      expect(validateAccountForm({ ...values, baseUrl }, null).baseUrl, baseUrl).toBe(baseUrlProblem(baseUrl));
      expect(baseUrlProblem(baseUrl), baseUrl).not.toBeNull();
    }
    expect(validateAccountForm({ ...values, baseUrl: 'quotes.example.com' }, null).baseUrl).toMatch(/add https:\/\/ in front/);
    expect(validateAccountForm({ ...values, baseUrl: 'https://quotes.example.com' }, null)).toEqual({});
    expect(validateAccountForm({ ...values, baseUrl: 'http://127.0.0.1:4010' }, null)).toEqual({});
  });

  it('requires the credentials of the chosen mechanism for a new account', () => {
    const values = { ...emptyForm(), name: 'Acme', baseUrl: 'https://a.test', mechanism: 'client-credentials' as const };
    expect(validateAccountForm(values, null)).toEqual({
      clientId: 'Enter the client ID',
      clientSecret: 'Enter the client secret',
    });
    expect(toDraft({ ...values, clientId: ' id ', clientSecret: 's3cret' }).credentials).toEqual({
      mechanism: 'client-credentials',
      clientId: 'id',
      clientSecret: 's3cret',
    });
  });

  it('sends only changed fields on edit, and credentials only when typed', () => {
    const account = makeAccount();
    const values = { ...formFromAccount(account), name: 'Acme EU' };
    expect(validateAccountForm(values, account)).toEqual({});
    expect(toUpdate(values, account)).toEqual({ id: account.id, name: 'Acme EU' });
    expect(toUpdate({ ...values, apiKey: 'new-key' }, account).credentials).toEqual({ mechanism: 'api-key', apiKey: 'new-key' });
  });

  it('asks for credentials again when the mechanism changes on edit', () => {
    const account = makeAccount();
    const values = { ...formFromAccount(account), mechanism: 'client-credentials' as const };
    expect(Object.keys(validateAccountForm(values, account))).toEqual(['clientId', 'clientSecret']);
  });

  it('keeps stored client credentials when both fields are empty, and wants them only as a pair', () => {
    const account = makeAccount({ mechanism: 'client-credentials' });
    const values = formFromAccount(account);
    expect(validateAccountForm(values, account)).toEqual({});
    expect(toUpdate(values, account)).toEqual({ id: account.id });

    const onlySecret = validateAccountForm({ ...values, clientSecret: 'new-secret' }, account);
    expect(Object.keys(onlySecret)).toEqual(['clientId']);
    expect(onlySecret.clientId).toMatch(/or clear the secret to keep the stored credentials/);
    const onlyId = validateAccountForm({ ...values, clientId: 'new-id' }, account);
    expect(Object.keys(onlyId)).toEqual(['clientSecret']);
    expect(onlyId.clientSecret).toMatch(/or clear the client ID to keep the stored credentials/);

    const both = { ...values, clientId: 'new-id', clientSecret: 'new-secret' };
    expect(validateAccountForm(both, account)).toEqual({});
    expect(toUpdate(both, account).credentials).toEqual({ mechanism: 'client-credentials', clientId: 'new-id', clientSecret: 'new-secret' });
  });

  it('wants credentials again when the scheme, host or port changes, not when only the path does', () => {
    const account = makeAccount({ baseUrl: 'https://quotes.acme.test' });
    const values = formFromAccount(account);
    for (const baseUrl of ['https://quotes.other.test', 'https://quotes.acme.test:8443', 'http://127.0.0.1:4010']) {
      const moved = { ...values, baseUrl };
      expect(addressChanged(moved, account), baseUrl).toBe(true);
      expect(validateAccountForm(moved, account), baseUrl).toEqual({ apiKey: 'Enter the API key' });
      expect(toUpdate({ ...moved, apiKey: 'k2' }, account)).toEqual({ id: account.id, baseUrl, credentials: { mechanism: 'api-key', apiKey: 'k2' } });
    }
    const samePlace = { ...values, baseUrl: 'https://quotes.acme.test/api' };
    expect(addressChanged(samePlace, account)).toBe(false);
    expect(validateAccountForm(samePlace, account)).toEqual({});
    expect(credentialsTiedToAddress()).toBe('Credentials are tied to the address: enter them again for the new address.');
  });

  it('places structured issues by path and keeps the ones that name no field', () => {
    expect(
      fieldErrorsFromIssues([
        { path: ['baseUrl'], message: 'add https:// in front' },
        { path: ['credentials', 'apiKey'], message: 'The API key is empty' },
        { path: ['credentials', 'clientSecret'], message: 'The client secret is empty' },
        { path: [], message: 'Something else went wrong' },
      ]),
    ).toEqual({
      fields: { baseUrl: 'add https:// in front', apiKey: 'The API key is empty', clientSecret: 'The client secret is empty' },
      general: ['Something else went wrong'],
    });
  });

  it('says the truth after saving: refused credentials or a failed test are not a plain success', () => {
    const ok = makeAccount({ status: 'unknown' });
    expect(savedMessage(ok, { added: true, report: null })).toEqual({ kind: 'success', message: 'Account added' });
    const refusedReport = { ok: false, diagnosis: 'bad-credentials' as const, message: 'The API key was refused.', detectedAccess: null, latencyMs: 30 };
    expect(savedMessage(ok, { added: true, report: refusedReport })).toEqual({
      kind: 'error',
      message: 'Account added, but its credentials were refused: The API key was refused.',
    });
    const needs = makeAccount({ name: 'Acme', status: 'needs-credentials', statusMessage: 'The client secret was refused.' });
    expect(savedMessage(needs, { added: false, report: null })).toEqual({
      kind: 'error',
      message: 'Saved Acme, but its credentials were refused: The client secret was refused.',
    });
    const unreachable = { ok: false, diagnosis: 'unreachable' as const, message: 'Nothing answers at that address.', detectedAccess: null, latencyMs: null };
    expect(savedMessage(ok, { added: true, report: unreachable }).message).toBe('Account added, but the connection test failed: Nothing answers at that address.');
  });
});
