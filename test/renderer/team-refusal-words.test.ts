// The team contract refuses a bad e-mail, an empty name or a wrong currency with zod's English
// sentences (fit for the log and an English window). A window in another language must never
// show them: it words the refusal by its code, in its own language.
import { afterEach, describe, expect, it } from 'vitest';
import { createDispatcher } from '../../main/core/bridge/dispatcher';
import { createSilentLogger } from '../../main/core/log';
import type { BridgeError } from '../../preload/contract';
import { describeFailure } from '../../renderer/src/lib/error-words';
import { switchLocale } from '../../renderer/src/lib/i18n/locale.svelte';
import { unusedHandlers } from '../helpers/bridge-fixtures';

const CONTRACT_ENGLISH = /Give an e-mail|Give your name|Give the team server|currency is three letters|is not valid/;

afterEach(() => switchLocale('en'));

/** What the real dispatcher answers a window that sent `input` to `method`: the contract refuses it before any handler runs. */
async function refusal(method: 'team.join' | 'team.admit', input: unknown): Promise<BridgeError> {
  const dispatcher = createDispatcher({ handlers: unusedHandlers(), logger: createSilentLogger() });
  const result = await dispatcher.dispatch(method, input);
  if (result.ok) throw new Error(`${method} was not refused`);
  return result.error;
}

describe('the team contract’s refusals in a window of another language', () => {
  it('words a refused e-mail and name in German, without the contract’s English', async () => {
    const error = await refusal('team.join', { url: 'tls://nats.example.com:4222', name: ' ', email: 'ada' });
    expect(error.code).toBe('invalid-input');
    expect(error.message).toMatch(CONTRACT_ENGLISH);
    switchLocale('de');
    const words = describeFailure(error);
    expect(words).toMatchObject({ title: 'Die Anfrage wurde abgelehnt', message: 'Quotedesk konnte diese Anfrage nicht senden.' });
    expect(`${words.title} ${words.message}`).not.toMatch(CONTRACT_ENGLISH);
  });

  it('words a refused limit currency in Arabic, without the contract’s English', async () => {
    const error = await refusal('team.admit', { email: 'ada@example.com', limits: { EURO: 5 } });
    expect(error.message).toMatch(CONTRACT_ENGLISH);
    switchLocale('ar');
    const words = describeFailure(error);
    expect(words.message).toBe('تعذّر على Quotedesk إرسال هذا الطلب.');
    expect(`${words.title} ${words.message}`).not.toMatch(CONTRACT_ENGLISH);
  });

  it('shows the contract’s own sentence to an English window', async () => {
    const error = await refusal('team.join', { url: 'tls://nats.example.com:4222', name: 'Ada', email: 'ada' });
    expect(describeFailure(error).message).toContain('Give an e-mail address, e.g. ada@example.com');
  });
});
