// The health's self-test. The interface has no way to ask the service for a test delivery
// (register, read and delete are all it offers), so this checks what can be checked without
// one and says exactly that: the registration read again, the public address probed, and when
// the last real verified delivery arrived. Its details are in the main process's language (the
// window words the reached and not-tried results itself, from the codes).
import { Agent, request } from 'undici';
import type { Dispatcher } from 'undici';
import type { WebhookCheck } from '../../../preload/contract';
import { m } from '../../../i18n/paraglide/messages.js';
import { plainNetworkWords } from '../../../i18n/words/network-words';
import type { Clock } from '../ports';
import type { WebhookInspector } from './inspector';
import type { WebhookRegistration } from './registration';
import { errorText } from '../errors';

export const PROBE_TIMEOUT_MS = 10_000;

export interface SelfTestDeps {
  registration: Pick<WebhookRegistration, 'checkHealth' | 'publicUrlFor'>;
  inspector: Pick<WebhookInspector, 'lastVerifiedAt'>;
  clock: Clock;
  /** The demo tunnel's self-signed certificate: the probe trusts it (and only it) on loopback. */
  trustedCertificate?: () => string | null;
  probeTimeoutMs?: number;
}

export async function selfTest(deps: SelfTestDeps, accountId: string): Promise<WebhookCheck> {
  const health = await deps.registration.checkHealth(accountId);
  const url = await deps.registration.publicUrlFor(accountId);
  return {
    accountId,
    checkedAt: deps.clock.now(),
    registration: { state: health.state, registeredUrl: health.registeredUrl, problem: health.problem },
    publicUrl: url === null ? { result: 'not-tried', url: null, detail: m.activity_webhook_probe_not_tried() } : { url, ...(await probe(url, deps)) },
    lastVerifiedAt: deps.inspector.lastVerifiedAt(accountId),
  };
}

/**
 * A GET to the account's public URL: the receiver answers every method but POST with 405,
 * `Allow: POST` and its own words, before any signature work and without recording it. Any
 * other answer came from something else (another server, a tunnel pointing elsewhere).
 */
async function probe(url: string, deps: SelfTestDeps): Promise<Omit<WebhookCheck['publicUrl'], 'url'>> {
  const timeout = deps.probeTimeoutMs ?? PROBE_TIMEOUT_MS;
  const certificate = deps.trustedCertificate?.() ?? null;
  const dispatcher: Dispatcher = new Agent({ connect: { timeout, ...(certificate ? { ca: certificate } : {}) }, headersTimeout: timeout, bodyTimeout: timeout });
  try {
    const answer = await request(url, { method: 'GET', dispatcher, signal: AbortSignal.timeout(timeout) });
    const text = (await answer.body.text()).slice(0, 2_000);
    const allow = answer.headers.allow;
    if (answer.statusCode === 405 && allow === 'POST' && receiverWords(text)) {
      return { result: 'reached', detail: m.activity_webhook_probe_reached() };
    }
    return { result: 'other', detail: m.activity_webhook_probe_other({ status: String(answer.statusCode) }) };
  } catch (error) {
    // Shown as it is in Settings: undici's and Node's own words ("getaddrinfo ENOTFOUND …") said plainly.
    return { result: 'unreachable', detail: m.activity_webhook_probe_unreachable({ reason: plainNetworkWords(errorText(error)) }) };
  } finally {
    await dispatcher.close().catch(() => undefined);
  }
}

function receiverWords(text: string): boolean {
  try {
    return (JSON.parse(text) as { error?: unknown }).error === 'only POST is accepted';
  } catch {
    return false;
  }
}
