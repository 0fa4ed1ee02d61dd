// Why a team relay server address cannot be used, in words for a person (the rule itself is
// preload/contract/plain/relay-url.ts): the relay, its CLI commands and the Team relay form ask this.
import { m } from '../paraglide/messages.js';
import { relayServerIssue, type RelayAddressExtra, type RelayServerIssue } from '../../preload/contract/plain/relay-url';

/** The problem with a relay server address in the person's language; null when it can be used. */
export function relayServerProblem(text: string): string | null {
  const issue = relayServerIssue(text);
  return issue === null ? null : relayServerIssueWords(issue);
}

export function relayServerIssueWords(issue: RelayServerIssue): string {
  switch (issue.kind) {
    case 'empty': return m.common_relay_empty();
    case 'websocket': return m.common_relay_websocket({ server: issue.server, suggestion: issue.suggestion });
    case 'not-nats': return m.common_relay_not_nats({ server: issue.server });
    case 'credentials': return m.common_relay_credentials();
    case 'beyond-host': return m.common_relay_beyond({ server: issue.server, part: extraWords(issue.extra), suggestion: issue.suggestion });
    case 'needs-tls': return m.common_relay_needs_tls({ server: issue.server, suggestion: issue.suggestion });
  }
}

function extraWords(extra: RelayAddressExtra): string {
  switch (extra) {
    case 'second-scheme': return m.common_relay_part_scheme();
    case 'path': return m.common_relay_part_path();
    case 'query': return m.common_relay_part_query();
    case 'fragment': return m.common_relay_part_fragment();
  }
}
