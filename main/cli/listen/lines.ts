// What `quotedesk listen` prints for each thing its listener tells: one line for a person, or
// one JSON object. Everything in a line that came from a delivery (an event's name and data,
// a refused request's path) goes through terminalText: it may hold escape sequences.
import type { ForwardAttempt, ListenerOutput } from '../../core/webhooks/listen';
import type { ReceivedWebhook } from '../../core/webhooks/events';
import type { Refusal } from '../../core/webhooks/receiver';
import { terminalText } from '../terminal-text';
import { ltr } from '../locale';
import { m } from '../../../i18n/paraglide/messages.js';

export function listenerLines(out: { write(text: string): unknown }, json: boolean): ListenerOutput {
  const line = (human: string, value: Record<string, unknown>) => out.write(json ? `${JSON.stringify(value)}\n` : `${human}\n`);
  return {
    listening: (url) => line(m.cli_listen_listening({ url: ltr(url) }), { listening: url }),
    event: (event) => line(eventLine(event), { event: event.event, data: event.data, receivedAt: at(event.receivedAt) }),
    refused: (refusal) => line(refusedLine(refusal), { refused: refusal.status, reason: refusal.reason, path: refusal.path, receivedAt: at(refusal.at) }),
    // The event under `of`: a script that tells event lines by their "event" key is not misled.
    forwarded: (event, attempt) => line(forwardedLine(event, attempt), { forwarded: attempt.outcome, ok: attempt.ok, retryInMs: attempt.retryInMs, of: { event: event.event, entityId: what(event.data), receivedAt: at(event.receivedAt) } }),
  };
}

const at = (ms: number) => new Date(ms).toISOString();

function what(data: Record<string, unknown>): string {
  const value = [data.entityNumber, data.entityName, data.entityId].find((candidate) => typeof candidate === 'string' && candidate !== '');
  return typeof value === 'string' ? value : '';
}

function eventLine(event: ReceivedWebhook): string {
  const { data } = event;
  const move = typeof data.oldStatus === 'string' || typeof data.newStatus === 'string' ? `  ${String(data.oldStatus ?? '?')} -> ${String(data.newStatus ?? '?')}` : '';
  return terminalText(`${at(event.receivedAt)}  ${event.event}  ${what(data)}${move}`);
}

function forwardedLine(event: ReceivedWebhook, attempt: ForwardAttempt): string {
  const subject = ltr(terminalText(`${event.event}  ${what(event.data)}`));
  const outcome = ltr(terminalText(attempt.outcome));
  if (attempt.ok) return `${at(Date.now())}  ${m.cli_listen_forwarded({ event: subject, outcome })}`;
  if (attempt.retryInMs === null) return `${at(Date.now())}  ${m.cli_listen_forward_failed({ event: subject, outcome })}`;
  return `${at(Date.now())}  ${m.cli_listen_forward_retry({ event: subject, outcome, seconds: ltr(String(Math.ceil(attempt.retryInMs / 1000))) })}`;
}

function refusedLine(refusal: Refusal): string {
  const said = m.cli_listen_refused({ status: ltr(String(refusal.status)), reason: ltr(terminalText(refusal.reason)) });
  return `${at(refusal.at)}  ${said}${refusal.path === null ? '' : `  (${ltr(terminalText(refusal.path))})`}`;
}
