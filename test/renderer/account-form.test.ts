import { describe, expect, it } from 'vitest';
import {
  emptyForm,
  formFromAccount,
  parseFieldErrors,
  toDraft,
  toUpdate,
  validateAccountForm,
  validateBaseUrl,
} from '../../renderer/src/lib/account-form';
import { makeAccount } from './fixtures';

describe('account form', () => {
  it('accepts only http(s) base URLs', () => {
    expect(validateBaseUrl('https://quotes.example.com')).toBeNull();
    expect(validateBaseUrl('http://127.0.0.1:4010')).toBeNull();
    expect(validateBaseUrl('')).toMatch(/Enter the address/);
    expect(validateBaseUrl('quotes.example.com')).toMatch(/starting with http:\/\/ or https:\/\//);
    expect(validateBaseUrl('127.0.0.1:40407')).toMatch(/starting with http:\/\/ or https:\/\//);
    expect(validateBaseUrl('ftp://quotes.example.com')).toMatch(/https:\/\/ or http:\/\//);
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

  it('reads field errors out of an invalid-input message and keeps the rest', () => {
    const parsed = parseFieldErrors(
      'Invalid input:\nbaseUrl: Enter a full http(s) address\ncredentials.apiKey: The API key is empty\nSomething else went wrong',
    );
    expect(parsed.fields).toEqual({ baseUrl: 'Enter a full http(s) address', apiKey: 'The API key is empty' });
    expect(parsed.general).toEqual(['Something else went wrong']);
    // The dispatcher's wording: "<method> is not valid: path: message; path: message."
    const fromDispatcher = parseFieldErrors(
      'The input for accounts.add is not valid: baseUrl: Enter a full http(s) address, for example https://quotes.example.com; credentials.apiKey: The API key is empty.',
    );
    expect(fromDispatcher).toEqual({
      fields: {
        baseUrl: 'Enter a full http(s) address, for example https://quotes.example.com',
        apiKey: 'The API key is empty.',
      },
      general: [],
    });
    expect(parseFieldErrors('Invalid input: name: Give the account a name; baseUrl: Bad').fields).toEqual({
      name: 'Give the account a name',
      baseUrl: 'Bad',
    });
  });
});
