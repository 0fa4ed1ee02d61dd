import { describe, expect, it } from 'vitest';
import { AppError, errorText } from '../../../main/core/errors';

// The one helper every log line and quoted cause goes through: what it returns is what a
// reader of the log (or of "… failed (why)") sees.
describe('errorText', () => {
  it('gives an Error\'s message, not its name or stack', () => {
    expect(errorText(new TypeError('fetch failed'))).toBe('fetch failed');
    expect(errorText(new AppError('invalid-input', 'The address is not a URL.'))).toBe('The address is not a URL.');
  });

  it('turns anything else thrown into text', () => {
    expect(errorText('disk full')).toBe('disk full');
    expect(errorText(42)).toBe('42');
    expect(errorText(undefined)).toBe('undefined');
    expect(errorText(null)).toBe('null');
  });
});
