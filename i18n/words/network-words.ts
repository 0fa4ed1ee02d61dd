// Raw connection errors in plain words, in the person's language. Whatever shows a message that
// may carry them (the renderer's error words, a webhook self-test, the relay, the CLI) passes it
// through here first; finding them is preload/contract/plain/network-words.ts.
import { m } from '../paraglide/messages.js';
import { rewriteNetworkFailures, type NetworkFailure } from '../../preload/contract/plain/network-words';

/** The message with every raw connection error said in plain words; anything else is left as it was. */
export function plainNetworkWords(message: string): string {
  return rewriteNetworkFailures(message, failureWords);
}

function failureWords(failure: NetworkFailure): string {
  switch (failure.kind) {
    case 'address-not-found': return failure.at ? m.common_net_address_not_found_host({ host: failure.at }) : m.common_net_address_not_found();
    case 'refused': return failure.at ? m.common_net_refused_at({ address: failure.at }) : m.common_net_refused();
    case 'reset': return m.common_net_reset();
    case 'timeout': return m.common_net_timeout();
    case 'no-answer': return m.common_net_no_answer();
    case 'unreachable': return m.common_net_unreachable();
    case 'certificate-other-host': return m.common_net_cert_other_host();
    case 'certificate-untrusted': return m.common_net_cert_untrusted();
    case 'developer-hint': return '';
  }
}
