// What the webhook core refuses with, and the words of its before-remove step, come from the
// catalogue in the language of the moment (main's, or the CLI's), naming that language, so the
// CLI prints them in its language and a window in another one words them by their code.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { setLocale } from '../../../../i18n/paraglide/runtime.js';
import { AppError } from '../../../../main/core/errors';
import { createEventBus } from '../../../../main/core/events';
import type { DomainEvents } from '../../../../main/core/events';
import { createSilentLogger } from '../../../../main/core/log';
import { systemClock } from '../../../../main/core/ports';
import { createWebhooks, forwardTarget, parsePublicOrigin } from '../../../../main/core/webhooks';
import { consumerNameProblem, streamNameProblem } from '../../../../main/core/webhooks/relay/stream';
import type { BeforeRemoveStep } from '../../../../main/core/accounts';
import type { AccountView } from '../../../../preload/contract';
import { createMemorySecretStore, createMemorySettingsStore } from '../../../helpers/stores';

const ENGLISH = /\b(the|must|address|name|letters|found|install|deleting|webhook registration)\b/i;
const folders: string[] = [];

afterEach(() => {
  setLocale('en', { reload: false });
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

function refusal(run: () => unknown): AppError {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('nothing was thrown');
}

/** The real webhooks feature, with no account and no cloudflared; answers the before-remove step it hands to the accounts. */
function webhooksWithStep() {
  const userData = mkdtempSync(join(tmpdir(), 'qd-webhook-said-'));
  folders.push(userData);
  const steps: BeforeRemoveStep[] = [];
  const account = { id: 'acc-1', demo: false } as AccountView;
  const webhooks = createWebhooks({
    settings: createMemorySettingsStore(),
    secrets: createMemorySecretStore(),
    paths: { userData },
    accounts: {
      list: async () => [account],
      get: async () => account,
      client: async () => {
        throw new Error('no client in this test');
      },
      onBeforeRemove: (step) => {
        steps.push(step);
        return () => undefined;
      },
      unreadable: async () => ({ files: [], damagedList: false, keptCredentials: [] }),
    },
    bus: createEventBus<DomainEvents>({ logger: createSilentLogger() }),
    clock: systemClock,
    logger: createSilentLogger(),
    process: () => null,
    findCloudflared: () => null,
  });
  return { webhooks, steps };
}

describe('the webhook core’s refusals in the language of the moment', () => {
  it('refuses a public address that is not https in German and Arabic, as invalid-input naming the language', () => {
    setLocale('de', { reload: false });
    const german = refusal(() => parsePublicOrigin('http://hooks.example.com'));
    expect(german).toMatchObject({ code: 'invalid-input', language: 'de' });
    expect(german.message).toBe('Die öffentliche Adresse muss mit https:// beginnen (der Quoting Service stellt nur über HTTPS zu).');
    setLocale('ar', { reload: false });
    const arabic = refusal(() => parsePublicOrigin('https://user:pw@hooks.example.com'));
    expect(arabic).toMatchObject({ code: 'invalid-input', language: 'ar' });
    expect(arabic.message).toContain('اسم مستخدم');
    expect(arabic.message).not.toMatch(ENGLISH);
  });

  it('keeps English, the base, word for word', () => {
    expect(refusal(() => parsePublicOrigin('https://hooks.example.com/?x=1')).message).toBe('The public address must not contain ? or #.');
    expect(refusal(() => forwardTarget('ftp://example.com')).message).toBe('--forward-to must be an https:// URL, or http:// on 127.0.0.1, localhost or [::1]');
  });

  it('refuses a --forward-to that is not https in German, keeping the option as typed', () => {
    setLocale('de', { reload: false });
    const german = refusal(() => forwardTarget('http://example.com/hook'));
    expect(german).toMatchObject({ code: 'invalid-input', language: 'de' });
    expect(german.message).toBe('--forward-to muss eine https://-URL sein oder http:// auf 127.0.0.1, localhost oder [::1]');
    expect(refusal(() => forwardTarget('not a url')).message).toBe('--forward-to ist keine URL: not a url');
  });

  it('says why a stream or consumer name is refused in Arabic', () => {
    setLocale('ar', { reload: false });
    expect(streamNameProblem('a.b')).toContain('اسم التدفق');
    expect(consumerNameProblem('a b')).toContain('اسم المستهلك');
    expect(`${streamNameProblem('a.b')} ${consumerNameProblem('a b')}`).not.toMatch(ENGLISH);
    expect(streamNameProblem('QUOTEDESK')).toBeNull();
  });

  it('refuses a cloudflared tunnel without cloudflared, and a typed address with a query, in German', async () => {
    const { webhooks } = webhooksWithStep();
    setLocale('de', { reload: false });
    await expect(webhooks.setTunnel({ mode: 'cloudflared' })).rejects.toMatchObject({ code: 'invalid-input', language: 'de', message: expect.stringMatching(/^cloudflared wurde im PATH nicht gefunden/) });
    await expect(webhooks.setTunnel({ mode: 'manual', url: 'https://hooks.example.com/?a=1' })).rejects.toMatchObject({ code: 'invalid-input', language: 'de', message: 'Die öffentliche Adresse darf weder ? noch # enthalten.' });
  });

  it('words its before-remove step in the language of the removal, not of its start', () => {
    const { steps } = webhooksWithStep();
    expect(steps).toHaveLength(1);
    setLocale('de', { reload: false });
    expect(steps[0]!.what).toBe('Löschen der Webhook-Registrierung beim Dienst');
    setLocale('ar', { reload: false });
    expect(steps[0]!.what).toBe('حذف تسجيل Webhook لدى الخدمة');
  });
});
