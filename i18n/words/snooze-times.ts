// The snooze dialog's choices in words (when each wakes a quote: preload/contract/plain/snooze-times.ts).
import { m } from '../paraglide/messages.js';
import { DAYS_BEFORE_EXPIRY, type SnoozeChoice } from '../../preload/contract/plain/snooze-times';

export function snoozeChoiceWords(choice: SnoozeChoice): string {
  switch (choice) {
    case 'later-today': return m.common_snooze_later_today();
    case 'tomorrow-morning': return m.common_snooze_tomorrow_morning();
    case 'next-week': return m.common_snooze_next_week();
    case 'before-expiry': return m.common_snooze_before_expiry({ count: DAYS_BEFORE_EXPIRY });
  }
}

/** The choices' words by choice, each read in the language of the moment it is read. */
export const SNOOZE_CHOICE_LABELS: Readonly<Record<SnoozeChoice, string>> = {
  get 'later-today'() { return snoozeChoiceWords('later-today'); },
  get 'tomorrow-morning'() { return snoozeChoiceWords('tomorrow-morning'); },
  get 'next-week'() { return snoozeChoiceWords('next-week'); },
  get 'before-expiry'() { return snoozeChoiceWords('before-expiry'); },
};
export * from '../../preload/contract/plain/snooze-times';
