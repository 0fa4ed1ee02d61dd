import { maybeEnveloped, PATHS, WebhookInfo, WebhookRegistration } from '../../../preload/contract';
import { saidError } from '../errors';
import { m } from '../../../i18n/paraglide/messages.js';
import { registerSecret } from '../log/logger';
import type { Logger } from '../ports';
import type { Caller } from './caller';
import { NotFoundError } from './errors';
import type { WebhooksResource } from './types';
import { parseBody, parseJson, parseValue } from './validate';

const RegistrationBody = maybeEnveloped(WebhookRegistration);
const InfoBody = maybeEnveloped(WebhookInfo);

export function createWebhooksResource(call: Caller, logger: Logger): WebhooksResource {
  return {
    async register(url) {
      if (!isHttpsUrl(url)) throw saidError('validation', m.core_api_webhook_https());
      const response = await call({ method: 'POST', path: PATHS.webhooks, kind: 'other', json: { url } }, { retry: false });
      const registration = parseBody(response, RegistrationBody);
      registerSecret(logger, registration.secret);
      return registration;
    },

    async get(signal) {
      let response;
      try {
        response = await call({ method: 'GET', path: PATHS.webhooks, kind: 'read', signal }, { retry: true });
      } catch (error) {
        // The spec does not say how "nothing registered" is answered; a 404 is the likely reading.
        if (error instanceof NotFoundError) return null;
        throw error;
      }
      const body = parseJson(response);
      if (isEmptyRegistration(body)) return null;
      return parseValue(body, InfoBody, response.endpoint);
    },

    async remove() {
      try {
        await call({ method: 'DELETE', path: PATHS.webhooks, kind: 'other' }, { retry: false });
      } catch (error) {
        // Already gone is what the caller wanted.
        if (error instanceof NotFoundError) return;
        throw error;
      }
    },
  };
}

/** null, {}, or {success: true, data: null}: the service's possible ways of saying "none". */
function isEmptyRegistration(body: unknown): boolean {
  if (body === null) return true;
  if (typeof body !== 'object' || Array.isArray(body)) return false;
  const record = body as Record<string, unknown>;
  if (Object.keys(record).length === 0) return true;
  return record.success === true && (record.data === null || record.data === undefined);
}

function isHttpsUrl(value: string): boolean {
  try {
    return new URL(value).protocol === 'https:';
  } catch {
    return false;
  }
}
