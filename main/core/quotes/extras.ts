// The project-team-users and summary endpoints answer with shapes the spec leaves open.
// Anything is accepted; only recognisable fields are kept, so the bridge carries a typed
// projection (QuoteExtras) and never the service's raw JSON.
import type { ExtraPerson, SummaryFacts } from '../../../preload/contract';

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);
const count = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);

function asRecord(value: unknown): Record<string, unknown> | null {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
}

/** People from any JSON: an array of objects (or {data|users|members: [...]}) with a name or an email. */
export function recognisePeople(value: unknown): ExtraPerson[] {
  const list = Array.isArray(value) ? value : (['users', 'members', 'data'].map((key) => asRecord(value)?.[key]).find(Array.isArray) ?? []);
  const people: ExtraPerson[] = [];
  for (const entry of list as unknown[]) {
    const record = asRecord(entry);
    if (!record) continue;
    const name = text(record.name) ?? text(record.fullName) ?? text(record.displayName);
    const email = text(record.email);
    if (!name && !email) continue;
    people.push({
      name: name ?? email!,
      email,
      role: text(record.role) ?? text(record.title),
      isOwner: record.isProjectOwner === true || record.isOwner === true,
    });
  }
  return people;
}

/** The summary's recognisable facts; null when nothing in it is recognisable. */
export function recogniseSummary(value: unknown): SummaryFacts | null {
  const record = asRecord(value);
  if (!record) return null;
  const teams = (Array.isArray(record.teams) ? record.teams : [])
    .map(asRecord)
    .filter((team): team is Record<string, unknown> => team !== null)
    .map((team) => ({
      name: text(team.teamName) ?? text(team.name) ?? '',
      total: count(team.total),
      markets: (Array.isArray(team.targetMarkets) ? team.targetMarkets : []).map((market) => text(market) ?? text(asRecord(market)?.label)).filter((m): m is string => m !== null),
    }))
    .filter((team) => team.name !== '');
  const facts = { revision: count(record.revision), lineItemCount: count(record.lineItemCount), teams };
  return facts.revision === null && facts.lineItemCount === null && teams.length === 0 ? null : facts;
}
