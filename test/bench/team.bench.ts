// The team desk on a real nats-server (loopback): the time from one installation writing a note
// (signed, kept in its outbox with fsync, stored by JetStream) until another installation's
// watch has it and its quote's thread, folded from the checked entries, shows it.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createUser } from '@nats-io/nkeys';
import { createSilentLogger } from '../../main/core/log';
import { systemClock } from '../../main/core/ports';
import { addNote, admit, askToJoin, DEFAULT_BUCKET, TeamDesk } from '../../main/core/team';
import type { TeamDeskOptions } from '../../main/core/team';
import { natsServerMissing, startNatsServer } from '../helpers/nats-server';
import { percentile } from './fixtures/webhook-load';
import { round } from './harness/stats';
import type { Figure } from './harness/types';
import { defineBenchmark } from './harness/types';

const REF = { service: 'sbench000000000000', quote: '3f1c2a9e-5b7d-4e8f-9a01-23456789abcd' };

export default defineBenchmark({
  name: 'team',
  title: 'Team desk on NATS KV: a note from one installation shown in another',
  budgetMs: { full: 60_000, quick: 20_000 },
  async run(ctx) {
    const missing = natsServerMissing();
    if (missing) throw new Error(missing);
    const notes = ctx.quick ? 40 : 400;
    const warmUp = ctx.quick ? 5 : 20;
    const dir = mkdtempSync(join(tmpdir(), 'quotedesk-bench-team-'));
    const server = await startNatsServer();
    const ada = createUser();
    const bob = createUser();
    const options = (name: string, pair: typeof ada, founder: string): TeamDeskOptions => ({
      server: { url: server.url, auth: { kind: 'none' } },
      profile: { bucket: DEFAULT_BUCKET, founder, name, email: `${name}@example.com` },
      pair,
      outboxPath: join(dir, `${name}-outbox.json`),
      copyPath: join(dir, `${name}-copy.json`),
      clock: systemClock,
      logger: createSilentLogger(),
    });
    let writer: TeamDesk | null = null;
    let reader: TeamDesk | null = null;
    try {
      await TeamDesk.found({ ...options('ada', ada, ada.getPublicKey()), team: 'Bench', replicas: 1 });
      reader = await TeamDesk.open(options('ada', ada, ada.getPublicKey()));
      writer = await TeamDesk.open(options('bob', bob, ada.getPublicKey()));
      await askToJoin(writer);
      await reader.refresh();
      await admit(reader, 'bob@example.com', 'member', {});
      await writer.refresh();
      const shown = new Map<string, () => void>();
      const seen = reader;
      const watching = await reader.watch((kvKey) => {
        if (!kvKey.includes('.note.')) return;
        // What the reading pane does: fold the checked entries and look at the quote's thread.
        for (const note of seen.state().quote(REF).notes) shown.get(note.body.text)?.();
      });
      const delays: number[] = [];
      for (let n = 0; n < warmUp + notes; n++) {
        const text = `note ${n}`;
        const started = performance.now();
        const arrived = new Promise<void>((resolve) => shown.set(text, resolve));
        await addNote(writer, REF, text);
        await Promise.race([arrived, new Promise((_, reject) => setTimeout(() => reject(new Error(`${text} was not shown within 10 s`)), 10_000))]);
        shown.delete(text);
        if (n >= warmUp) delays.push(performance.now() - started);
      }
      watching.stop();
      delays.sort((a, b) => a - b);
      const details = { notes: delays.length, warmUp };
      const figures: Figure[] = [
        { id: 'team.note-p50', label: 'A note written in one installation, shown in another, p50', unit: 'ms', value: round(percentile(delays, 50)), rounds: 1, details },
        { id: 'team.note-p99', label: 'A note written in one installation, shown in another, p99', unit: 'ms', value: round(percentile(delays, 99)), rounds: 1, target: { op: '<=', value: 250 }, details },
      ];
      return figures;
    } finally {
      await writer?.close();
      await reader?.close();
      await server.dispose();
      rmSync(dir, { recursive: true, force: true });
    }
  },
});
