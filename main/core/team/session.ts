// The window's one desk, kept open while the app runs: opened at start when the data folder is
// on a team, following the bucket as it changes, and looked after on a timer (the outbox sent
// when the server answers again, the connection tried again while it does not). Changes run
// one at a time, so a create, a join or a leave never races a note.
import { errorText } from '../errors';
import type { TeamDesk } from './desk';
import { parseKey } from './keys';
import { openTeamDesk } from './setup';
import type { TeamFolder } from './setup';

export interface TeamSessionOptions {
  /** How often the outbox and the connection are looked after. Default 15 s. */
  tendMs?: number;
  connectTimeoutMs?: number;
  /** Something moved: the roster, the connection, the outbox. */
  onChanged(): void;
  /** Entries arrived (or were sent) about these quotes. */
  onQuotes(quoteIds: string[]): void;
}

export class TeamSession {
  private current: TeamDesk | null = null;
  private watching: { stop: () => void } | null = null;
  private queue: Promise<unknown> = Promise.resolve();
  private timer: ReturnType<typeof setInterval> | null = null;
  private arrived = new Set<string>();
  private flushScheduled = false;
  private closed = false;

  constructor(
    private readonly folder: TeamFolder,
    private readonly options: TeamSessionOptions,
  ) {}

  get desk(): TeamDesk | null {
    return this.current;
  }

  /** Runs `work` after whatever runs now; a failure is the caller's, the queue goes on. */
  serial<T>(work: () => Promise<T>): Promise<T> {
    const next = this.queue.then(work, work);
    this.queue = next.catch(() => undefined);
    return next;
  }

  /** Opens (again) the folder's desk: sends what waits, reads what others did, then follows the bucket. */
  async open(): Promise<void> {
    await this.shut();
    if (this.closed) return;
    const desk = await openTeamDesk(this.folder, this.options.connectTimeoutMs);
    this.current = desk;
    if (desk) await this.follow(desk);
    this.options.onChanged();
  }

  private async follow(desk: TeamDesk): Promise<void> {
    if (!desk.online) return;
    try {
      await desk.flush();
      await desk.refresh();
      this.watching = await desk.watch((kvKey) => this.heard(kvKey));
    } catch (error) {
      this.folder.logger.warn('the team desk could not follow the server', { error: errorText(error) });
    }
  }

  /** Entries come in bursts (a history, a reconnect): told once per tick of the event loop. */
  private heard(kvKey: string): void {
    const parsed = parseKey(kvKey);
    if (parsed && 'ref' in parsed) this.arrived.add(parsed.ref.quote);
    if (this.flushScheduled) return;
    this.flushScheduled = true;
    setTimeout(() => {
      this.flushScheduled = false;
      const quoteIds = [...this.arrived];
      this.arrived.clear();
      void this.current?.saveCopy();
      if (quoteIds.length > 0) this.options.onQuotes(quoteIds);
      this.options.onChanged();
    }, 20);
  }

  /** Told by an action of this window: its own change shows at once. */
  changedHere(quoteId: string | null): void {
    if (quoteId) this.options.onQuotes([quoteId]);
    this.options.onChanged();
  }

  start(): void {
    this.timer = setInterval(() => void this.serial(() => this.tend()), this.options.tendMs ?? 15_000);
    this.timer.unref?.();
  }

  private async tend(): Promise<void> {
    const desk = this.current;
    if (!desk || this.closed) return;
    try {
      if (!desk.online) await this.open();
      else if (desk.queued.length > 0) {
        await desk.flush();
        this.options.onChanged();
      }
    } catch (error) {
      this.folder.logger.warn('the team desk could not be looked after', { error: errorText(error) });
    }
  }

  private async shut(): Promise<void> {
    this.watching?.stop();
    this.watching = null;
    const desk = this.current;
    this.current = null;
    await desk?.close();
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    await this.serial(() => this.shut());
  }
}
