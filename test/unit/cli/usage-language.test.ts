// The usage errors of listen, listen --relay and the NATS options, and the way a command picks a
// stored account, speak the CLI's language; the option names and what the person typed stay as
// typed, and in Arabic those read left to right inside the sentence.
import { describe, expect, it } from 'vitest';
import { pickAccount } from '../../../main/cli/account';
import { parseListenArgs } from '../../../main/cli/listen/args';
import { inLocale } from '../../../main/cli/locale';
import { relayServerFrom } from '../../../main/cli/relay-options';
import { runRelayCommand } from '../../../main/cli/relay';
import { runRelayListen } from '../../../main/cli/relay-listen';
import { readWebhookSecret } from '../../../main/cli/webhook-secret';
import { appWords } from '../../../main/cli/running-app';
import type { RunningApp } from '../../../main/cli/running-app';

const LRI = '\u2066';
const PDI = '\u2069';

function usageError(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('nothing was thrown');
}

const acme = { id: 'a1', name: 'Acme', demo: false };
const twin = { id: 'a2', name: 'acme', demo: false };

describe('listen’s usage errors in the CLI’s language', () => {
  it('says in German and Arabic that --tunnel takes cloudflared, quoting what was typed', () => {
    const german = inLocale('de', () => usageError(() => parseListenArgs(['--tunnel', 'ngrok'], {})));
    expect(german).toBe('--tunnel muss cloudflared sein, nicht "ngrok" (für einen anderen Tunnel geben Sie dessen Adresse mit --public-url an)');
    const arabic = inLocale('ar', () => usageError(() => parseListenArgs(['--tunnel', 'ngrok'], {})));
    expect(arabic).toContain(`"${LRI}ngrok${PDI}"`);
    expect(arabic).toContain('يجب أن تكون قيمة');
    expect(arabic).not.toMatch(/must be|another tunnel/);
  });

  it('says in German what listen needs when neither an account nor a secret is given', () => {
    const german = inLocale('de', () => usageError(() => parseListenArgs([], {})));
    expect(german).toContain('um nur den Empfänger auszuführen');
    expect(german).not.toContain('to run the receiver alone');
  });

  it('refuses a bad --port in Arabic', () => {
    const arabic = inLocale('ar', () => usageError(() => parseListenArgs(['--port', '70000', '--secret-file', '/nowhere'], {})));
    expect(arabic).toContain('رقم منفذ');
    expect(arabic).not.toContain('port number');
  });
});

describe('listen --relay and the NATS options in the CLI’s language', () => {
  it('asks for the NATS server in German', async () => {
    const german = await inLocale('de', () => relayServerFrom(undefined, {}, '--relay').catch((error: Error) => error.message));
    expect(german).toBe('--relay ist erforderlich: der NATS-Server, z. B. nats://127.0.0.1:4222 oder tls://nats.example.com:4222');
  });

  it('asks for the consumer name in Arabic, then shows its help', async () => {
    let err = '';
    const io = { stdout: { write: () => true }, stderr: { write: (text: string) => (err += text) }, env: {}, signal: AbortSignal.timeout(5_000) };
    const code = await inLocale('ar', () => runRelayListen(['--relay', 'nats://127.0.0.1:1'], io));
    expect(code).toBe(2);
    expect(err).toContain('الاسم الدائم');
    expect(err).not.toContain('--consumer: ');
    expect(err).not.toContain('is required');
  });
});

describe('picking an account in the CLI’s language', () => {
  it('lists the folder’s accounts in German when none has the name', () => {
    const german = inLocale('de', () => usageError(() => pickAccount([acme], 'Initech', '/data')));
    expect(german).toBe('Kein Konto "Initech" in /data (dort vorhandene Konten: "Acme"); geben Sie seinen Namen oder seine ID an, oder --data-dir für einen anderen Ordner');
  });

  it('counts the accounts of one name in Arabic, their ids left to right', () => {
    const arabic = inLocale('ar', () => usageError(() => pickAccount([acme, twin], 'ACME', '/data')));
    expect(arabic).toContain('يوجد حسابان');
    expect(arabic).toContain(`${LRI}a1${PDI}, ${LRI}a2${PDI}`);
    expect(arabic).not.toMatch(/accounts are called|give the id/);
  });

  it('says in German that an empty folder has no saved account', () => {
    const german = inLocale('de', () => usageError(() => pickAccount([], undefined, '/data')));
    expect(german).toBe('Geben Sie --account NAME an: Der Datenordner /data enthält kein gespeichertes Konto');
  });
});

describe('the running app in the CLI’s language', () => {
  it('names the app holding the folder in German, as said after “über”', () => {
    const app = (kind: 'desktop' | 'web') => ({ holder: { kind } }) as unknown as RunningApp;
    expect(inLocale('de', () => [appWords(app('desktop')), appWords(app('web'))])).toEqual(['die Desktop-App', 'den Browsermodus']);
    expect(inLocale('ar', () => appWords(app('web')))).toBe('وضع المتصفح');
  });
});

describe('the webhook secret and relay’s usage errors in the CLI’s language', () => {
  it('warns in German about a secret on the command line', () => {
    const given = inLocale('de', () => readWebhookSecret({ secret: 's3cret' }, {}));
    expect(given?.warning).toBe('Warnung: --secret legt das Signatur-Secret auf die Befehlszeile, wo jeder Benutzer dieses Computers es lesen kann (ps). Geben Sie stattdessen --secret-file FILE (Modus 600) oder QUOTEDESK_WEBHOOK_SECRET an.');
  });

  it('asks relay in Arabic for the public URL an --account registers', async () => {
    let err = '';
    const io = { stdout: { write: () => true }, stderr: { write: (text: string) => (err += text) }, env: {}, signal: AbortSignal.timeout(5_000) };
    const code = await inLocale('ar', () => runRelayCommand(['--port', '0', '--nats', 'nats://127.0.0.1:1', '--account', 'team'], io));
    expect(code).toBe(2);
    expect(err).toContain('أصل https الذي تصل عبره الخدمة إلى المُرحِّل');
    expect(err).not.toContain('the https origin the service reaches');
  });
});
