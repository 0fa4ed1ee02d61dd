// What a person did, kept on this computer until the server has stored it: every change is
// written here (atomically, fsynced) before it is sent, and removed only once JetStream
// acknowledged it. A kill -9 at any point leaves the file whole (old or new), so a change is
// either still queued or already stored; sending a queued change again is harmless (see
// TeamDesk.flush: an entry already stored under its key is recognised as sent).
import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { writeFileAtomic } from '../data-files';
import { OpSaid } from './op-words';
import { m } from '../../../i18n/paraglide/messages.js';

export const OUTBOX_FILE = 'team-outbox.json';
/** The copy of the team's bucket kept beside it, for working offline. */
export const COPY_FILE = 'team-copy.json';

export const OutboxOp = z.object({
  id: z.string(),
  kvKey: z.string(),
  /** The signed entry, as it will be stored. */
  value: z.string(),
  /** create: only when the key is new (a note, a request, a decision: each once); put: the latest wins; update: compare-and-set on `expected`. */
  mode: z.enum(['create', 'put', 'update']),
  expected: z.number().int().nonnegative().optional(),
  /** In English words, for --json and for an outbox written before `said` was kept. */
  what: z.string(),
  /** What the change does, for words in the reader's language. */
  said: OpSaid.optional(),
  queuedAt: z.number(),
});
export type OutboxOp = z.infer<typeof OutboxOp>;

const OutboxFile = z.object({ v: z.literal(1), ops: z.array(OutboxOp) });

export class OutboxUnreadableError extends Error {}

export class Outbox {
  private constructor(
    private readonly path: string,
    private ops: OutboxOp[],
  ) {}

  /** Reads the queue; a file that is not a queue is refused in words, never overwritten. */
  static async open(path: string): Promise<Outbox> {
    let text: string;
    try {
      text = await readFile(path, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return new Outbox(path, []);
      throw new OutboxUnreadableError(m.team_outbox_unreadable({ path, code: (error as NodeJS.ErrnoException).code ?? String(error) }));
    }
    let parsed: ReturnType<typeof OutboxFile.safeParse> | null;
    try {
      parsed = OutboxFile.safeParse(JSON.parse(text));
    } catch {
      parsed = null;
    }
    if (!parsed?.success) throw new OutboxUnreadableError(m.team_outbox_not_queue({ path }));
    return new Outbox(path, parsed.data.ops);
  }

  get queued(): readonly OutboxOp[] {
    return this.ops;
  }

  /** Kept on disk when this resolves. */
  async append(op: OutboxOp): Promise<void> {
    await this.write([...this.ops, op]);
  }

  async remove(id: string): Promise<void> {
    await this.write(this.ops.filter((op) => op.id !== id));
  }

  private async write(next: OutboxOp[]): Promise<void> {
    await writeFileAtomic(this.path, `${JSON.stringify({ v: 1, ops: next })}\n`);
    this.ops = next;
  }
}
