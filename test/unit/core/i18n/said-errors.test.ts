// Refusals the core says to a person (snoozing, saved views, a removed account) come from the
// catalogue in main's language, and cross the bridge naming that language, so a window in the
// same language shows them and a window in another one words the failure by its code.
import { afterEach, describe, expect, it } from 'vitest';
import { setLocale } from '../../../../i18n/paraglide/runtime.js';
import { createDispatcher } from '../../../../main/core/bridge/dispatcher';
import { describeError } from '../../../../main/core/api/describe-error';
import { AppError } from '../../../../main/core/errors';
import { createNotificationHandlers } from '../../../../main/core/notify/bridge';
import { createSnoozeBook } from '../../../../main/core/snooze/snooze-book';
import { createSavedViewsStore, MAX_SAVED_VIEWS } from '../../../../main/core/views';
import { ViewQuery } from '../../../../preload/contract';
import type { Result } from '../../../../preload/contract';
import { unusedHandlers } from '../../../helpers/bridge-fixtures';
import { createRecordingLogger } from '../../../helpers/recording-logger';
import { createControlledSettingsStore } from '../../../helpers/stores';

const FACTS = { quoteNumber: null, projectName: null, companyName: null };
const NOW = Date.parse('2026-03-02T09:00:00Z');
const ENGLISH = /\b(the|quote|snooze|view|account|choose|exists)\b/i;

function thrown(run: () => unknown): AppError {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('nothing was thrown');
}

function fullViews() {
  const store = createSavedViewsStore(createControlledSettingsStore({}), createRecordingLogger(), { newId: () => crypto.randomUUID() });
  for (let index = 0; index < MAX_SAVED_VIEWS; index += 1) store.save(`View ${index}`, ViewQuery.parse({ accountId: null }));
  return store;
}

describe('the core’s refusals in main’s language', () => {
  afterEach(() => void setLocale('en', { reload: false }));

  it('says a snooze in the past in German and in Arabic, and names the language', () => {
    const book = createSnoozeBook();
    const past = { accountId: 'acc-1', quoteId: 'q-1', until: new Date(NOW - 1000).toISOString() };
    setLocale('de', { reload: false });
    const german = thrown(() => book.set(past, FACTS, NOW));
    expect(german.message).toBe('Wählen Sie einen Zeitpunkt in der Zukunft, bis zu dem zurückgestellt werden soll.');
    expect(german.language).toBe('de');
    setLocale('ar', { reload: false });
    const arabic = thrown(() => book.set(past, FACTS, NOW));
    expect(arabic.message).toContain('المستقبل');
    expect(arabic.message).not.toMatch(ENGLISH);
    expect(arabic.language).toBe('ar');
  });

  it('says the saved views’ limit and a taken name in German and Arabic, the field issue too', () => {
    const store = fullViews();
    setLocale('de', { reload: false });
    expect(thrown(() => store.save('Noch eine', ViewQuery.parse({ accountId: null }))).message).toBe(
      `Es gibt bereits ${MAX_SAVED_VIEWS} gespeicherte Ansichten: Löschen Sie zuerst eine.`,
    );
    const taken = thrown(() => store.rename(store.list()[1]!.id, 'View 0'));
    expect(taken.message).toBe('Eine Ansicht namens „View 0“ gibt es bereits: Wählen Sie einen anderen Namen.');
    expect(taken.issues).toEqual([{ path: ['name'], message: taken.message }]);
    setLocale('ar', { reload: false });
    const arabic = thrown(() => store.rename('gone', 'Elsewhere'));
    expect(arabic.message).toBe('لم تعد طريقة العرض المحفوظة هذه موجودة.');
    expect(arabic.language).toBe('ar');
  });

  it('keeps English, the base, word for word', () => {
    const book = createSnoozeBook();
    const error = thrown(() => book.set({ accountId: 'acc-1', quoteId: 'q-1', until: new Date(NOW).toISOString() }, FACTS, NOW));
    expect(error.message).toBe('Choose a time in the future to snooze until.');
    expect(error.language).toBe('en');
  });

  it('carries the language across the bridge with the message (a removed account, marking read)', async () => {
    const logger = createRecordingLogger();
    // Marking read is refused before the preferences or the unread state are asked.
    const handlers = createNotificationHandlers({ preferences: {} as never, unread: {} as never, accounts: { list: async () => [] } });
    const dispatcher = createDispatcher({ handlers: { ...unusedHandlers(), ...handlers }, logger });
    setLocale('ar', { reload: false });
    const arabic = (await dispatcher.dispatch('notifications.markRead', { accountId: 'acc-gone' })) as Result<unknown>;
    expect(arabic).toEqual({ ok: false, error: { code: 'account-not-found', message: 'لم يعد هذا الحساب موجودًا.', retryable: false, language: 'ar' } });
    setLocale('de', { reload: false });
    const german = (await dispatcher.dispatch('notifications.markRead', { accountId: 'acc-gone' })) as Result<unknown>;
    expect(german).toEqual({ ok: false, error: { code: 'account-not-found', message: 'Dieses Konto gibt es nicht mehr.', retryable: false, language: 'de' } });
  });

  it('sends an error written in English without a language, as before', async () => {
    const handlers = { 'notifications.unread': async () => { throw new AppError('internal', 'Plain English.'); } };
    const dispatcher = createDispatcher({ handlers: { ...unusedHandlers(), ...handlers }, logger: createRecordingLogger() });
    setLocale('de', { reload: false });
    const result = (await dispatcher.dispatch('notifications.unread', undefined)) as Result<unknown>;
    expect(result.ok === false && 'language' in result.error).toBe(false);
  });
});

describe('describeError in main’s language', () => {
  afterEach(() => void setLocale('en', { reload: false }));
  const reset = () => Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' });
  const timedOut = () => new DOMException('The operation timed out.', 'TimeoutError');

  it('gives headings and its own sentences in German, naming the language', () => {
    setLocale('de', { reload: false });
    expect(describeError(reset()).title).toBe('Dienst nicht erreichbar');
    expect(describeError(timedOut())).toMatchObject({ code: 'timeout', title: 'Keine Antwort in der vorgesehenen Zeit', retryable: true, language: 'de' });
    expect(describeError(timedOut()).message).toMatch(/^Der Dienst hat zu lange/);
    expect(describeError(new TypeError('x is undefined'))).toMatchObject({ code: 'internal', title: 'Etwas ist schiefgelaufen', language: 'de' });
  });

  it('gives them in Arabic, with no English left', () => {
    setLocale('ar', { reload: false });
    const bug = describeError(new TypeError('x is undefined'));
    expect(bug.message).toBe('حدث خطأ غير متوقع. حاول مرة أخرى؛ وإذا تكرر ذلك، فأخبر فريق الدعم بما كنت تفعله.');
    const cancelled = describeError(new DOMException('aborted', 'AbortError'));
    expect(cancelled.title).toBe('أُلغي');
    for (const text of [bug.title, cancelled.message, describeError(reset()).title]) expect(text).not.toMatch(/[A-Za-z]/);
  });

  it('sends a timed-out handler’s German sentence over the bridge with its language', async () => {
    const handlers = { 'notifications.unread': async () => Promise.reject(timedOut()) };
    const dispatcher = createDispatcher({ handlers: { ...unusedHandlers(), ...handlers }, logger: createRecordingLogger() });
    setLocale('de', { reload: false });
    const result = (await dispatcher.dispatch('notifications.unread', undefined)) as Result<unknown>;
    expect(result.ok === false && result.error).toMatchObject({ code: 'timeout', language: 'de' });
  });
});
