// Why a typed service address cannot be used, in words for a person (the rule itself is
// preload/contract/plain/base-url.ts): the account form, the CLI and the core all ask this.
import { m } from '../paraglide/messages.js';
import { baseUrlIssue, type BaseUrlIssue } from '../../preload/contract/plain/base-url';

/** The problem with a typed base URL in the person's language (with the fix when there is an obvious one); null when it can be used. */
export function baseUrlProblem(typed: string): string | null {
  const issue = baseUrlIssue(typed);
  return issue === null ? null : baseUrlIssueWords(issue);
}

export function baseUrlIssueWords(issue: BaseUrlIssue): string {
  switch (issue.kind) {
    case 'empty': return m.common_url_empty();
    case 'not-web-address': return m.common_url_not_web({ text: issue.text });
    case 'no-scheme': return m.common_url_no_scheme({ text: issue.text });
    case 'credentials': return m.common_url_credentials();
    case 'plain-http': return m.common_url_plain_http({ suggestion: issue.suggestion });
    case 'scheme': return m.common_url_scheme({ protocol: issue.protocol });
  }
}
