// The team desk's notifications, from the real team code on a real nats-server to the real
// notification policy: a teammate assigns, asks for an approval, decides a request or mentions
// someone, and that person hears it once (not again after a restart or a replay of the bucket),
// never for their own actions and never for what the team said before they were here.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSilentLogger } from '../../../../main/core/log';
import type { Notification } from '../../../../main/core/ports';
import { createNotifications, notifyTeamNotices } from '../../../../main/core/notify';
import type { Notifications } from '../../../../main/core/notify';
import { addNote, admit, assign, decide, requestApproval, serviceToken } from '../../../../main/core/team';
import { noticesFor } from '../../../../main/core/team/notices';
import { createMemorySettingsStore } from '../../../helpers/stores';
import { createManualClock } from '../notify/fixtures';
import type { ManualClock } from '../notify/fixtures';
import { founder, joiner, natsServerMissing, startNatsServer, until } from './installations';
import type { Installation, NatsServer } from './installations';

const missing = natsServerMissing();
if (missing) console.warn(`skipped: ${missing}`);

const BASE_URL = 'http://127.0.0.1:9/api';
const SERVICE = serviceToken(BASE_URL);
const ACCOUNT = { id: 'acct-1', name: 'Acme', environment: 'custom', baseUrl: BASE_URL, mechanism: 'api-key', access: 'client', credentialsSet: true, status: 'ok', statusMessage: null, demo: false } as const;
const quoteRef = (n: number) => ({ service: SERVICE, quote: `0000000${n}-5b7d-4e8f-9a01-23456789abcd` });
const FACTS = { revision: 'rev-1', total: { amount: 900, currency: 'EUR' } };

/** One person's notifications on their computer: the real policy, ledger and state files in a folder. */
interface Listener {
  shown: Notification[];
  notifications: Notifications;
  /** What this person's desk says now, through the notifications, as the team feature hands it over. */
  tell(): Promise<void>;
  close(): Promise<void>;
}

function listen(installation: Installation, folder: string, clock: ManualClock): Listener {
  const shown: Listener['shown'] = [];
  const notifications = createNotifications({ settings: createMemorySettingsStore(), clock, logger: createSilentLogger(), folder, notifier: { notify: (notification) => void shown.push(notification) } });
  return {
    shown,
    notifications,
    async tell() {
      const desk = installation.desk;
      const me = { key: desk.author.key, email: desk.profile.email };
      const notices = noticesFor(desk.state(), me, (service) => (service === SERVICE ? ACCOUNT.id : null));
      await notifyTeamNotices({ center: notifications.center, accounts: { list: async () => [ACCOUNT] }, cache: { get: () => null }, ledger: notifications.teamLedger }, { me: me.key, notices });
      // Past the grouping window: each notification of a step is its own.
      await clock.advance(11_000);
    },
    close: () => notifications.close(),
  };
}

describe.skipIf(missing !== null)('team notifications', { timeout: 60_000 }, () => {
  let server: NatsServer;
  let ada: Installation;
  let bob: Installation;
  let folder: string;
  let adaFolder: string;
  let clock: ManualClock;
  let bobHears: Listener;
  let adaHears: Listener;

  beforeAll(async () => {
    server = await startNatsServer();
    ada = await founder(server.url);
    bob = await joiner(server.url, 'Bob', 'bob@example.com');
    await until(ada.desk, () => ada.desk.state().roster.members.size > 1);
    await admit(ada.desk, 'bob@example.com', 'approver', { EUR: 10_000 });
    await until(bob.desk, () => bob.desk.state().roster.members.get(bob.pair.getPublicKey())?.role === 'approver');
    // Said before Bob's computer listened: the team's past is not news to him.
    await addNote(ada.desk, quoteRef(9), 'Before your time, @bob@example.com');
    await until(bob.desk, () => bob.desk.state().quote(quoteRef(9)).notes.length === 1);
    folder = mkdtempSync(join(tmpdir(), 'qd-team-notify-'));
    adaFolder = mkdtempSync(join(tmpdir(), 'qd-team-notify-'));
    clock = createManualClock(Date.now());
    bobHears = listen(bob, folder, clock);
    adaHears = listen(ada, adaFolder, clock);
    await bobHears.tell();
    await adaHears.tell();
  });

  afterAll(async () => {
    await bobHears?.close();
    await adaHears?.close();
    await ada?.dispose();
    await bob?.dispose();
    await server?.stop();
    if (folder) rmSync(folder, { recursive: true, force: true });
    if (adaFolder) rmSync(adaFolder, { recursive: true, force: true });
  });

  it('says nothing of what the team said before this person listened', () => {
    expect(bobHears.shown).toEqual([]);
  });

  it('tells the assignee once, with who assigned it, and a click opens the quote', async () => {
    await assign(ada.desk, quoteRef(1), 'bob@example.com');
    await until(bob.desk, () => bob.desk.state().quote(quoteRef(1)).assignee?.to?.email === 'bob@example.com');
    await bobHears.tell();
    await bobHears.tell();
    expect(bobHears.shown).toHaveLength(1);
    expect(bobHears.shown[0]!.title).toBe('A quote: Ada assigned it to you');
    expect(bobHears.shown[0]!.link).toContain(quoteRef(1).quote);
    expect(bobHears.notifications.unread.isUnread(ACCOUNT.id, quoteRef(1).quote)).toBe(true);
    // Ada did it herself: nothing for her.
    await adaHears.tell();
    expect(adaHears.shown).toEqual([]);
  });

  it('is silent about a person’s own actions: assigning themselves, mentioning themselves', async () => {
    const before = bobHears.shown.length;
    await assign(bob.desk, quoteRef(2), 'bob@example.com');
    await addNote(bob.desk, quoteRef(2), 'Note to self, @bob@example.com');
    await bobHears.tell();
    expect(bobHears.shown).toHaveLength(before);
  });

  it('tells whom a note mentions, with the note, and no one else', async () => {
    const before = bobHears.shown.length;
    await addNote(ada.desk, quoteRef(3), 'Rates look high, @bob@example.com?');
    await addNote(ada.desk, quoteRef(3), 'No mention here');
    await until(bob.desk, () => bob.desk.state().quote(quoteRef(3)).notes.length === 2);
    await bobHears.tell();
    expect(bobHears.shown.slice(before)).toEqual([expect.objectContaining({ title: 'A quote: Ada mentioned you in a note', body: expect.stringContaining('Rates look high, @bob@example.com?') })]);
  });

  it('tells the approver asked, and the requester when it is decided', async () => {
    const before = bobHears.shown.length;
    await requestApproval(ada.desk, quoteRef(4), 'bob@example.com', FACTS, 'Over the limit');
    await until(bob.desk, () => bob.desk.state().quote(quoteRef(4)).requests.length === 1);
    await bobHears.tell();
    expect(bobHears.shown.slice(before).map((shown) => shown.title)).toEqual(['A quote: Ada asks for your approval']);
    await decide(bob.desk, quoteRef(4), false, 'Too expensive');
    await until(ada.desk, () => ada.desk.state().quote(quoteRef(4)).requests[0]?.decision !== null);
    await adaHears.tell();
    expect(adaHears.shown).toEqual([expect.objectContaining({ title: 'A quote: Bob refused your request', body: expect.stringContaining('Too expensive') })]);
    // Bob decided it: his own action, not news to him.
    await bobHears.tell();
    expect(bobHears.shown).toHaveLength(before + 1);
  });

  it('after a restart, tells what came while the app was closed, and nothing told before', async () => {
    expect(bobHears.shown.length).toBeGreaterThan(0);
    await bobHears.close();
    await addNote(ada.desk, quoteRef(5), 'While you were away, @bob@example.com');
    await bob.reopen();
    await until(bob.desk, () => bob.desk.state().quote(quoteRef(5)).notes.length === 1);
    bobHears = listen(bob, folder, clock);
    await bobHears.tell();
    await bobHears.tell();
    expect(bobHears.shown.map((shown) => shown.title)).toEqual(['A quote: Ada mentioned you in a note']);
    expect(bobHears.shown[0]!.body).toContain('While you were away');
  });
});
