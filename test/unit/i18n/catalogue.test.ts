// The catalogue as translators leave it: every language has every English message with the
// same inputs and its own plural forms, and the pseudo-locale marks every letter. The compile
// step (`npm run i18n`) runs the same checks; this keeps them in the test run too.
import { describe, expect, it } from 'vitest';
import { problems, shippedLocales } from '../../../i18n/catalogue';
import { pseudoText } from '../../../i18n/pseudo';

describe('the message catalogue', () => {
  for (const locale of shippedLocales) {
    it(`${locale} has every message, with English's inputs and its plural forms`, () => {
      expect(problems(locale)).toEqual([]);
    });
  }

  it('pseudo-localises letters only, keeping placeholders and escapes, 35% longer and bracketed', () => {
    expect(pseudoText('Customer')).toBe('⟦Çúšţóɱéŕ ~~~⟧');
    expect(pseudoText('{count} quotes \\{x\\}')).toBe('⟦{count} ǫúóţéš \\{ẋ\\} ~~⟧');
    expect(pseudoText('42 · 7')).toBe('42 · 7');
  });
});
