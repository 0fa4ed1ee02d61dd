// What `quotedesk listen` tells a person (its lines, the registration it took and put back, a
// refused replacement) speaks the CLI's language; --json keeps its English sentence, and in
// Arabic the addresses read left to right.
import { describe, expect, it } from 'vitest';
import type { QuotingClient } from '../../../main/core/api';
import { listenerLines } from '../../../main/cli/listen/lines';
import { endRegistration, takeRegistration } from '../../../main/cli/listen/registration';
import type { RegistrationDeps } from '../../../main/cli/listen/registration';
import { inLocale } from '../../../main/cli/locale';

const LRI = '\u2066';
const PDI = '\u2069';
const OTHER = 'https://other.example.com/hooks';
const OURS = 'https://tunnel.example.com/quotedesk-listen';

/** The service's one registration per key, as the client sees it. */
function registrations(initial: string | null): Pick<QuotingClient, 'webhooks'> {
  let url = initial;
  let issued = 0;
  return {
    webhooks: {
      get: () => Promise.resolve(url === null ? null : { url }),
      register: (next: string) => {
        url = next;
        issued += 1;
        return Promise.resolve({ url: next, secret: `secret-${issued}` });
      },
      remove: () => {
        url = null;
        return Promise.resolve();
      },
    } as unknown as QuotingClient['webhooks'],
  };
}

function deps(initial: string | null, replace: boolean): RegistrationDeps {
  return { client: registrations(initial), keyring: null, accountId: null, confirmReplace: () => Promise.resolve(replace) };
}

describe('listen’s registration in the CLI’s language', () => {
  it('says in German that the registration was restored to another installation’s URL, and in English for --json', async () => {
    const registration = deps(OTHER, true);
    const session = await takeRegistration(registration, OURS);
    const said = await endRegistration(registration, session, 'restore');
    const [german, english] = inLocale('de', () => [said(), said({ locale: 'en' })]);
    expect(german).toBe(`Die Registrierung wurde auf ${OTHER} zurückgesetzt. Der Dienst hat ihr ein neues Signatur-Secret gegeben; jene Installation muss sich daher erneut registrieren, bevor sie Zustellungen prüfen kann.`);
    expect(english).toMatch(/^The registration was restored to https:\/\/other\.example\.com\/hooks\. The service gave it/);
  });

  it('says in Arabic that the registration stays, its URL left to right, while --json’s English has no isolates', async () => {
    const registration = deps(null, false);
    const session = await takeRegistration(registration, OURS);
    const said = await endRegistration(registration, session, 'keep');
    const [arabic, english] = inLocale('ar', () => [said(), said({ locale: 'en' })]);
    expect(arabic).toBe(`يبقى التسجيل: تستمر الأحداث في الوصول إلى ${LRI}${OURS}${PDI}.`);
    expect(english).toBe(`The registration stays: events keep going to ${OURS}.`);
  });

  it('refuses in Arabic to replace another installation’s registration, changing nothing', async () => {
    const registration = deps(OTHER, false);
    const refusal = await inLocale('ar', () => takeRegistration(registration, OURS).catch((error: Error) => error.message));
    expect(refusal).toContain(`${LRI}${OTHER}${PDI}`);
    expect(refusal).toContain('لم يُغيَّر شيء');
    expect(refusal).not.toMatch(/Nothing was changed|Give --replace/);
    expect(await registration.client.webhooks.get()).toEqual({ url: OTHER });
  });
});

describe('listen’s lines in the CLI’s language', () => {
  it('prints where it listens and what it refused in German; --json stays as it was', () => {
    let text = '';
    const out = { write: (line: string) => (text += line) };
    inLocale('de', () => {
      const lines = listenerLines(out, false);
      lines.listening('http://127.0.0.1:4000');
      lines.refused({ status: 401, reason: 'invalid signature (mismatch)', path: '/hooks', at: Date.parse('2026-03-02T09:00:00Z') });
      listenerLines(out, true).listening('http://127.0.0.1:4000');
    });
    expect(text.split('\n')).toEqual(['Empfang auf http://127.0.0.1:4000', '2026-03-02T09:00:00.000Z  abgewiesen 401  invalid signature (mismatch)  (/hooks)', '{"listening":"http://127.0.0.1:4000"}', '']);
  });
});
