// What `quotedesk team` prints for a person follows the run's language; counts take the
// language's plural forms, and in Arabic the number stays left to right.
import { describe, expect, it } from 'vitest';
import type { Done, FlushOutcome } from '../../../../main/core/team';
import { inLocale } from '../../../../main/cli/locale';
import { formatDone } from '../../../../main/cli/team/output';

const queued: Done = { outcome: 'queued', reason: null, sent: [] };
const sentEarlier = { op: { what: 'note on Q-2026-0001' }, outcome: 'sent' } as FlushOutcome;

describe('team output in other languages', () => {
  it('says a queued change in German and in English, with the count in the right form', () => {
    const german = inLocale('de', () => formatDone(queued, 2));
    expect(german).toMatch(/^Vorgemerkt: Der Server des Teams ist nicht erreichbar; 2 Änderungen warten/);
    expect(german).not.toMatch(/Queued|changes/);
    expect(inLocale('en', () => formatDone(queued, 1))).toContain('1 change waits in this computer');
  });

  it('uses the Arabic plural for a few changes, the number isolated left to right', () => {
    expect(inLocale('ar', () => formatDone(queued, 3))).toContain('تنتظر \u20663\u2069 تغييرات');
  });

  it('says what was sent earlier in the language of the run', () => {
    const done: Done = { outcome: 'sent', reason: null, sent: [sentEarlier, sentEarlier] };
    expect(inLocale('fr', () => formatDone(done, 0))).toBe('Envoyé (mis en attente plus tôt)\u00a0: note on Q-2026-0001\nEnvoyé\u00a0: note on Q-2026-0001\n');
  });
});
