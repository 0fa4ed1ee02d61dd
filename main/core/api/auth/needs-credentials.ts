import { AppError } from '../../errors';

/** The account's credentials were refused: calls stop until new ones are entered. */
export class NeedsCredentialsError extends AppError {
  constructor(message = "The service refused this account's credentials. Enter new credentials to continue.", cause?: unknown) {
    super('needs-credentials', message, { retryable: false, cause });
    this.name = 'NeedsCredentialsError';
  }
}
