// The team desk against an inbox keystroke (#26: "10,000 entries in the roster's history and
// notes do not slow an inbox keystroke by more than 10%"). The inbox index at 10k and 100k
// quotes (`--quick`: 2k) of one account; the team's log holds 10,000 signed entries (the
// roster, assignments and notes over the first quotes, a quarter assigned to me), checked as
// they would be on arrival. A keystroke with the team: the inbox's own path (team-filter.ts's
// teamSelectionOf with the team feature's mineQuotes, folded once per revision that arrived)
// in "Assigned to me", then the index's first window with the search. Without a team: the
// same keystrokes over the same quotes given as a plain list (the figure: what the desk adds),
// and over the whole inbox (reported: a narrow view walks more of the order to fill a window).
// Rotating rounds, one ratio per round of the keystroke passes' summed best times; the first
// keystroke after an entry arrived (the entries folded again) is in the details.
import { createUser } from '@nats-io/nkeys';
import type { KeyPair } from '@nats-io/nkeys';
import { InboxIndex } from '../../main/core/cache/inbox';
import type { InboxQuery } from '../../main/core/cache/inbox';
import { teamSelectionOf } from '../../main/core/inbox/team-filter';
import type { TeamQuotes } from '../../main/core/inbox/team-filter';
import type { Author, EntryBody } from '../../main/core/team/entries';
import { assigneeKey, memberKey, newEntryId, noteKey, TEAM_KEY } from '../../main/core/team/keys';
import { createMineQuotes } from '../../main/core/team/mine-quotes';
import { RevisionLog } from '../../main/core/team/revisions';
import { signEntry } from '../../main/core/team/signing';
import { foldState } from '../../main/core/team/state';
import { BENCH_NOW, inboxRows, keystrokes } from './fixtures/inbox-rows';
import { median, quantile, round, spreadOf } from './harness/stats';
import type { Figure } from './harness/types';
import { defineBenchmark } from './harness/types';

const WINDOW = { sort: 'newest', offset: 0, limit: 100, now: BENCH_NOW } as const satisfies Partial<InboxQuery>;
const SERVICE = 'sbench000000000000';
/** The 10,000 (`--quick`: 2,000: checking each on arrival is most of the set-up). */
const entriesFor = (quick: boolean) => (quick ? 2_000 : 10_000);
const EXPIRING_SOON_DAYS = 7;

interface Signer {
  pair: KeyPair;
  author: Author;
}

function signer(name: string): Signer {
  const made = createUser();
  const key = made.getPublicKey();
  // nkeys derives the public key from the seed in plain JavaScript at every call (tens of ms
  // under load), and signEntry asks for it each time: known once here, the set-up stays short.
  const pair: KeyPair = Object.assign(Object.create(made) as KeyPair, { getPublicKey: () => key });
  return { pair, author: { key, name, email: `${name.toLowerCase()}@example.com` } };
}

/** The team's log as a desk holds it after reading the bucket: `entries` signed revisions, each checked on arrival. */
function teamLog(quoteIds: readonly string[], entries: number): { log: RevisionLog; me: Signer; founder: string; add: () => void } {
  const log = new RevisionLog();
  const [admin, me, ...others] = ['Ada', 'Bob', 'Cyd', 'Dee', 'Eve'].map(signer) as [Signer, Signer, ...Signer[]];
  let revision = 0;
  const put = (kvKey: string, body: EntryBody, by: Signer) => log.add(kvKey, ++revision, new TextEncoder().encode(JSON.stringify(signEntry(kvKey, body, by.author, by.pair))));
  put(TEAM_KEY, { kind: 'team', team: 'Bench', at: BENCH_NOW }, admin);
  for (const member of [me, ...others]) put(memberKey(member.author.key), { kind: 'member', key: member.author.key, name: member.author.name, email: member.author.email, role: 'approver', limits: { EUR: 1e6 }, at: BENCH_NOW }, admin);
  const people = [admin, me, ...others];
  let n = 0;
  const next = () => {
    const ref = { service: SERVICE, quote: quoteIds[n % quoteIds.length]! };
    const by = people[n % people.length]!;
    // One in three an assignment (a quarter of those to me), the rest notes.
    if (n % 3 === 0) put(assigneeKey(ref), { kind: 'assign', id: newEntryId(), to: (n % 4 === 0 ? me : people[(n + 1) % people.length]!).author.key, at: BENCH_NOW + n }, by);
    else put(noteKey(ref, newEntryId()), { kind: 'note', id: newEntryId(), text: `Note ${n} on this quote`, mentions: [], at: BENCH_NOW + n }, by);
    n++;
  };
  while (revision < entries) next();
  return { log, me, founder: admin.author.key, add: next };
}

function wallMs(work: () => unknown): number {
  const start = performance.now();
  work();
  return performance.now() - start;
}

/** Each keystroke's query `passes` times after a warm-up pass: the best time of each keystroke. */
function typing(query: (search: string) => unknown, passes: number): number[] {
  const keys = keystrokes();
  const best = keys.map(() => Number.POSITIVE_INFINITY);
  for (let pass = 0; pass <= passes; pass += 1) {
    keys.forEach((search, key) => {
      const ms = wallMs(() => query(search));
      if (pass > 0) best[key] = Math.min(best[key]!, ms);
    });
  }
  return best;
}

const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);
const p = (values: readonly number[], q: number) => quantile([...values].sort((a, b) => a - b), q);

function measure(size: number, quick: boolean, log: (message: string) => void): Figure[] {
  const rows = inboxRows('bench', size, 23);
  const index = new InboxIndex();
  index.load(rows, new Map([['bench', 'internal' as const]]), [], new Map());
  index.query(WINDOW);
  // The team's entries are about the first quotes of the account (2,000: a team's working set).
  const team = teamLog(rows.slice(0, 2_000).map((row) => row.quoteId), entriesFor(quick));
  const desk = { log: team.log, author: team.me.author, state: () => foldState(team.log, team.founder) };
  const mineQuotes: TeamQuotes = createMineQuotes(() => desk);
  const options = { expiringSoonDays: EXPIRING_SOON_DAYS, now: BENCH_NOW };
  const withTeam = (search: string) => index.query({ ...teamSelectionOf({ team: 'assignedToMe' }, { ...options, teamQuotes: mineQuotes }), ...WINDOW, search });
  // The same quotes chosen without a team (as a notification's list is): what the desk adds, apart from the filter's own work.
  const sameQuotes = [...mineQuotes('assignedToMe')];
  const sameWithoutTeam = (search: string) => index.query({ ...teamSelectionOf({}, options), quoteIds: sameQuotes, ...WINDOW, search });
  const wholeInbox = (search: string) => index.query({ ...teamSelectionOf({}, options), ...WINDOW, search });
  if (sameQuotes.length === 0 || withTeam('').total === 0) throw new Error('the team view holds no quote: the benchmark would measure nothing');

  const rounds = quick ? 3 : 9;
  const passes = quick ? 2 : 3;
  const samples = { team: [] as number[], same: [] as number[], whole: [] as number[] };
  const ratios = { same: [] as number[], whole: [] as number[] };
  for (let round = 0; round < rounds; round += 1) {
    // Rotating which goes first: none always runs on a warmer or a busier core.
    const order = (['team', 'same', 'whole'] as const).map((_, n, all) => all[(n + round) % all.length]!);
    const times = { team: [] as number[], same: [] as number[], whole: [] as number[] };
    for (const which of order) times[which] = typing({ team: withTeam, same: sameWithoutTeam, whole: wholeInbox }[which], passes);
    for (const which of order) samples[which].push(...times[which]);
    ratios.same.push(sum(times.team) / Math.max(1e-3, sum(times.same)));
    ratios.whole.push(sum(times.team) / Math.max(1e-3, sum(times.whole)));
  }
  // An entry arrives: the next keystroke folds the entries again (once), the ones after do not.
  const refolds: number[] = [];
  for (let n = 0; n < (quick ? 3 : 10); n += 1) {
    team.add();
    refolds.push(wallMs(() => withTeam('n')));
  }
  const details = {
    quotes: size,
    'team entries': team.log.version,
    'quotes in Assigned to me': sameQuotes.length,
    'keystroke p50 / p95 in the team view (ms)': `${round(p(samples.team, 0.5))} / ${round(p(samples.team, 0.95))}`,
    'keystroke p50 / p95, the same quotes without a team (ms)': `${round(p(samples.same, 0.5))} / ${round(p(samples.same, 0.95))}`,
    'keystroke p50 / p95, the whole inbox without a team (ms)': `${round(p(samples.whole, 0.5))} / ${round(p(samples.whole, 0.95))}`,
    'first keystroke after an entry arrived (fold), p50 (ms)': round(median(refolds)),
  };
  log(`${size.toLocaleString('en')} quotes: ${JSON.stringify(details)}`);
  const entries = entriesFor(quick).toLocaleString('en');
  const at = `${size.toLocaleString('en')} quotes`;
  return [
    ratioFigure(`team-keystroke.ratio-${size / 1000}k`, `Keystroke in "Assigned to me" (${entries} team entries) ÷ the same quotes chosen without a team, ${at}`, ratios.same, quick ? undefined : { op: '<=', value: 1.1 }, details),
    ratioFigure(`team-keystroke.vs-whole-inbox-${size / 1000}k`, `Keystroke in "Assigned to me" (${entries} team entries) ÷ the whole inbox without a team, ${at}`, ratios.whole, undefined, {}),
  ];
}

function ratioFigure(id: string, label: string, ratios: readonly number[], target: Figure['target'], details: Record<string, string | number>): Figure {
  const spread = spreadOf(ratios);
  return {
    id,
    label,
    unit: 'x',
    value: round(median(ratios)),
    spread: { min: round(spread.min), q1: round(spread.q1), q3: round(spread.q3), max: round(spread.max) },
    rounds: ratios.length,
    ...(target ? { target } : {}),
    details,
  };
}

export default defineBenchmark({
  name: 'team-keystroke',
  title: 'Team desk with 10,000 entries against an inbox keystroke (team view ÷ no team), 10k and 100k quotes',
  budgetMs: { full: 240_000, quick: 40_000 },
  async run(ctx) {
    const sizes = ctx.quick ? [2_000] : [10_000, 100_000];
    return sizes.flatMap((size) => measure(size, ctx.quick, ctx.log));
  },
});
