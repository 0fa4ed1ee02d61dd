import { AppError } from '../../errors';
import { m } from '../../../../i18n/paraglide/messages.js';
import { getLocale } from '../../../../i18n/paraglide/runtime.js';

/** The account's credentials were refused: calls stop until new ones are entered. */
export class NeedsCredentialsError extends AppError {
  /** `message` is a catalogue message said now, like the default: the error names its language. */
  constructor(message: string = m.core_auth_credentials_refused(), cause?: unknown) {
    super('needs-credentials', message, { retryable: false, cause, language: getLocale() });
    this.name = 'NeedsCredentialsError';
  }
}
