// What `quotedesk listen` prints for each thing its listener tells: one line for a person, or
// one JSON object. Everything in a line that came from a delivery (an event's name and data,
// a refused request's path) goes through terminalText: it may hold escape sequences.
import type { ForwardAttempt, ListenerOutput } from '../../core/webhooks/listen';
import type { ReceivedWebhook } from '../../core/webhooks/events';
import type { Refusal } from '../../core/webhooks/receiver';
import { terminalText } from '../terminal-text';

export function listenerLines(out: { write(text: string): unknown }, json: boolean): ListenerOutput {
  const line = (human: string, value: Record<string, unknown>) => out.write(json ? `${JSON.stringify(value)}\n` : `${human}\n`);
  return {
    listening: (url) => line(`Listening on ${url}`, { listening: url }),
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
  const subject = terminalText(`${event.event}  ${what(event.data)}`);
  if (attempt.ok) return `${at(Date.now())}  forwarded ${subject}: ${attempt.outcome}`;
  const wait = attempt.retryInMs === null ? '' : `; trying again in ${Math.ceil(attempt.retryInMs / 1000)} s`;
  return `${at(Date.now())}  forwarding ${subject} ${terminalText(attempt.outcome)}${wait}`;
}

function refusedLine(refusal: Refusal): string {
  return terminalText(`${at(refusal.at)}  refused ${refusal.status}  ${refusal.reason}${refusal.path === null ? '' : `  (${refusal.path})`}`);
}
