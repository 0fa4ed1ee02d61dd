// One installation's desk on the team's NATS server: the KV bucket (made by the founder, opened
// by the others), the revisions read and watched, every change signed here, queued in the outbox
// and sent in order. The connection and its credentials are the relay's (TLS unless loopback,
// secrets redacted from logs); while the server cannot be reached changes wait in the outbox.
import { JetStreamApiCodes, JetStreamApiError } from '@nats-io/jetstream';
import { Kvm, KvWatchInclude } from '@nats-io/kv';
import type { KV, KvEntry } from '@nats-io/kv';
import type { KeyPair } from '@nats-io/nkeys';
import type { NatsConnection } from '@nats-io/transport-node';
import { readFile } from 'node:fs/promises';
import { writeFileAtomic } from '../data-files';
import type { Clock, Logger } from '../ports';
import { connectToRelayServer, describeNatsError } from '../webhooks/relay/connection';
import type { RelayServer } from '../webhooks/relay/connection';
import type { Author, EntryBody } from './entries';
import { HISTORY_DEPTH, newEntryId, TEAM_KEY } from './keys';
import { Outbox } from './outbox';
import type { OutboxOp } from './outbox';
import { RevisionLog } from './revisions';
import type { SavedRevision } from './revisions';
import { publicKeyOf, signEntry } from './signing';
import { foldState } from './state';
import type { TeamState } from './state';
import { m } from '../../../i18n/paraglide/messages.js';
import { opWords } from './op-words';
import type { OpSaid } from './op-words';

/** Who this installation is in the team, and where the team is (no secret here). */
export interface TeamProfile {
  bucket: string;
  /** The founder's public key, pinned when this computer created or joined the team. */
  founder: string;
  name: string;
  email: string;
}

export interface TeamDeskOptions {
  server: RelayServer;
  profile: TeamProfile;
  pair: KeyPair;
  outboxPath: string;
  /** The copy of the bucket kept on this computer, for working offline (entries checked again when read). */
  copyPath: string;
  clock: Clock;
  logger: Logger;
  /** How long the first connection may take before the desk works offline. Default 3 s. */
  connectTimeoutMs?: number;
}

export type FlushOutcome = { op: OutboxOp; outcome: 'sent' } | { op: OutboxOp; outcome: 'refused'; reason: string };

export class TeamError extends Error {}

export class TeamDesk {
  readonly log = new RevisionLog();
  private kv: KV | null = null;
  private problemText: string | null = null;
  private folded: { version: number; state: TeamState } | null = null;

  private constructor(
    private readonly options: TeamDeskOptions,
    private readonly outbox: Outbox,
    private nc: NatsConnection | null,
  ) {}

  /** Opens the outbox and tries the server; when it does not answer, the desk works offline. */
  static async open(options: TeamDeskOptions): Promise<TeamDesk> {
    const outbox = await Outbox.open(options.outboxPath);
    const desk = new TeamDesk(options, outbox, null);
    for (const saved of await readCopy(options.copyPath)) desk.log.add(saved.k, saved.r, saved.v === null ? null : Buffer.from(saved.v, 'base64'));
    await desk.connect();
    return desk;
  }

  get author(): Author {
    return { key: publicKeyOf(this.options.pair), name: this.options.profile.name, email: this.options.profile.email };
  }

  /** The clock's time, for an entry's `at`. */
  now(): number {
    return this.options.clock.now();
  }

  get profile(): TeamProfile {
    return this.options.profile;
  }

  get online(): boolean {
    return this.kv !== null && this.nc !== null && !this.nc.isClosed();
  }

  /** Why the desk is offline, in plain words. */
  get problem(): string | null {
    return this.problemText;
  }

  get queued(): readonly OutboxOp[] {
    return this.outbox.queued;
  }

  private async connect(): Promise<void> {
    try {
      this.nc = await connectToRelayServer(this.options.server, { name: `quotedesk-team-${publicKeyOf(this.options.pair).slice(0, 12)}`, logger: this.options.logger, timeoutMs: this.options.connectTimeoutMs ?? 3_000 });
      this.kv = await new Kvm(this.nc).open(this.options.profile.bucket);
      this.problemText = null;
    } catch (error) {
      this.problemText = m.team_server_unreachable({ reason: describeNatsError(error) });
      await this.nc?.close().catch(() => undefined);
      this.nc = null;
      this.kv = null;
    }
  }

  /** Reads every revision of the bucket (up to its history depth) into the log; resolves with how many were new. */
  async refresh(): Promise<number> {
    if (!this.kv) return 0;
    let added = 0;
    const history = await this.kv.history({ key: '>' });
    for await (const entry of history) if (this.add(entry)) added++;
    if (added > 0) await this.saveCopy();
    return added;
  }

  /** Follows the bucket as it changes (history first); `onChange` after each new revision. */
  async watch(onChange: (kvKey: string) => void): Promise<{ stop: () => void }> {
    if (!this.kv) throw new TeamError(this.problemText ?? m.team_not_connected());
    const watcher = await this.kv.watch({ key: '>', include: KvWatchInclude.AllHistory });
    void (async () => {
      for await (const entry of watcher) if (this.add(entry)) onChange(entry.key);
    })().catch((error: unknown) => this.options.logger.warn('team watch ended', { error: String(error) }));
    return { stop: () => watcher.stop() };
  }

  /** Keeps the bucket as read on this computer (best effort: the server has it all). */
  async saveCopy(): Promise<void> {
    await writeFileAtomic(this.options.copyPath, JSON.stringify({ v: 1, revisions: this.log.saved() })).catch((error: unknown) => this.options.logger.warn('team copy not saved', { error: String(error) }));
  }

  private add(entry: KvEntry): boolean {
    return this.log.add(entry.key, entry.revision, entry.operation === 'PUT' ? entry.value : null);
  }

  /** The team's state, folded again only once a revision arrived (the pane, rows and views read it often). */
  state(): TeamState {
    if (this.folded?.version !== this.log.version) this.folded = { version: this.log.version, state: foldState(this.log, this.options.profile.founder) };
    return this.folded.state;
  }

  /** Signs the change and keeps it in the outbox (on disk when this resolves); flush sends it. */
  async enqueue(kvKey: string, body: EntryBody, mode: OutboxOp['mode'], said: OpSaid, expected?: number): Promise<OutboxOp> {
    const entry = signEntry(kvKey, body, this.author, this.options.pair);
    const op: OutboxOp = { id: newEntryId(), kvKey, value: JSON.stringify(entry), mode, expected, what: opWords(said, { locale: 'en' }), said, queuedAt: this.options.clock.now() };
    await this.outbox.append(op);
    return op;
  }

  /**
   * Sends the outbox in order, each change removed once the server stored it. A change the
   * server refuses (a stale assignment, a request decided meanwhile) is removed and reported;
   * when the server stops answering the rest stays queued, in order.
   */
  async flush(): Promise<FlushOutcome[]> {
    const outcomes: FlushOutcome[] = [];
    if (!this.kv) return outcomes;
    for (const op of [...this.outbox.queued]) {
      let outcome: FlushOutcome;
      try {
        outcome = await this.send(this.kv, op);
      } catch (error) {
        this.problemText = m.team_server_stopped({ reason: describeNatsError(error), count: this.outbox.queued.length });
        break;
      }
      await this.outbox.remove(op.id);
      outcomes.push(outcome);
    }
    return outcomes;
  }

  private async send(kv: KV, op: OutboxOp): Promise<FlushOutcome> {
    const value = new TextEncoder().encode(op.value);
    try {
      let revision: number;
      if (op.mode === 'put') revision = await kv.put(op.kvKey, value);
      else if (op.mode === 'create' || !op.expected) revision = await kv.create(op.kvKey, value);
      else revision = await kv.update(op.kvKey, value, op.expected);
      // Known here at once: this desk shows its own change without reading the bucket again.
      this.log.add(op.kvKey, revision, value);
      return { op, outcome: 'sent' };
    } catch (error) {
      if (!(error instanceof JetStreamApiError) || (error.code !== JetStreamApiCodes.StreamWrongLastSequence && error.code !== JetStreamApiCodes.StreamWrongLastSequenceUnknown)) throw error;
      // Sent before a kill, removed from the outbox never: what is stored is this very entry.
      if (await this.alreadyStored(kv, op)) return { op, outcome: 'sent' };
      return { op, outcome: 'refused', reason: op.mode === 'create' ? m.team_refused_taken() : m.team_refused_changed_meanwhile() };
    }
  }

  private async alreadyStored(kv: KV, op: OutboxOp): Promise<boolean> {
    const history = await kv.history({ key: op.kvKey });
    for await (const entry of history) if (entry.operation === 'PUT' && entry.string() === op.value) return true;
    return false;
  }

  async close(): Promise<void> {
    await this.nc?.drain().catch(() => undefined);
    this.nc = null;
    this.kv = null;
  }

  /**
   * Makes the team's bucket and its founding entry: this installation is the founder and its
   * first admin. Refused when the bucket already holds a team (join it instead).
   */
  static async found(options: Omit<TeamDeskOptions, 'outboxPath' | 'copyPath'> & { team: string; replicas: number }): Promise<void> {
    const nc = await connectToRelayServer(options.server, { name: 'quotedesk-team-create', logger: options.logger, timeoutMs: options.connectTimeoutMs ?? 5_000 });
    try {
      const kv = await new Kvm(nc).create(options.profile.bucket, { history: HISTORY_DEPTH, replicas: options.replicas });
      const author: Author = { key: options.pair.getPublicKey(), name: options.profile.name, email: options.profile.email };
      const entry = signEntry(TEAM_KEY, { kind: 'team', team: options.team, at: options.clock.now() }, author, options.pair);
      try {
        await kv.create(TEAM_KEY, new TextEncoder().encode(JSON.stringify(entry)));
      } catch (error) {
        if (error instanceof JetStreamApiError && error.code === JetStreamApiCodes.StreamWrongLastSequence) throw new TeamError(m.team_bucket_taken({ bucket: options.profile.bucket }));
        throw error;
      }
    } finally {
      await nc.drain().catch(() => undefined);
    }
  }

  /** The founder's key of the team in the bucket, to pin when joining; refused when there is no team there. */
  static async founderOf(options: Omit<TeamDeskOptions, 'profile' | 'pair' | 'outboxPath' | 'copyPath'> & { bucket: string }): Promise<{ founder: string; team: string }> {
    const nc = await connectToRelayServer(options.server, { name: 'quotedesk-team-join', logger: options.logger, timeoutMs: options.connectTimeoutMs ?? 5_000 });
    try {
      const kv = await new Kvm(nc).open(options.bucket);
      const history = await kv.history({ key: TEAM_KEY }).catch(() => null);
      const log = new RevisionLog();
      if (history) for await (const entry of history) log.add(entry.key, entry.revision, entry.operation === 'PUT' ? entry.value : null);
      const first = (log.byKey.get(TEAM_KEY) ?? []).find((revision) => revision.checked.ok && revision.checked.entry.body.kind === 'team');
      if (!first?.checked.ok || first.checked.entry.body.kind !== 'team') throw new TeamError(m.team_bucket_empty({ bucket: options.bucket }));
      return { founder: first.checked.entry.author.key, team: first.checked.entry.body.team };
    } finally {
      await nc.drain().catch(() => undefined);
    }
  }
}

/** The saved copy; missing or unreadable is an empty one (the server has everything in it). */
async function readCopy(path: string): Promise<SavedRevision[]> {
  try {
    const value = JSON.parse(await readFile(path, 'utf8')) as { revisions?: unknown };
    return Array.isArray(value.revisions) ? (value.revisions as SavedRevision[]).filter((item) => typeof item?.k === 'string' && typeof item.r === 'number' && (item.v === null || typeof item.v === 'string')) : [];
  } catch {
    return [];
  }
}
