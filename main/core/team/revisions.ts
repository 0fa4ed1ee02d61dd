// The bucket's revisions as this computer has read them, each checked once on arrival.
import type { Author } from './entries';
import type { Checked } from './signing';
import type { UnverifiedReason } from './unverified-reasons';
import { checkEntry } from './signing';

export interface KeyRevision {
  revision: number;
  /** The value as stored (base64), kept so the log can be saved and checked again when read back. */
  raw: string | null;
  /** False for a deletion or purge (a server admin can delete; nobody can forge). */
  present: boolean;
  checked: Checked;
}

/** An entry that was not applied: unknown key, bad signature, or a signer without the right. */
export interface Unverified {
  kvKey: string;
  revision: number;
  /** Who it says wrote it (null when it does not even say). */
  claimed: Author | null;
  reason: UnverifiedReason;
}

export interface SavedRevision {
  k: string;
  r: number;
  v: string | null;
}

/** Every revision of every key, in revision order per key. */
export class RevisionLog {
  readonly byKey = new Map<string, KeyRevision[]>();
  /** The highest revision of each key, deletions included: what compare-and-set compares with. */
  readonly lastRevision = new Map<string, number>();
  private highest = 0;
  private revisionsAdded = 0;

  /** Moves with every revision added: what was folded from the log at an older one is out of date. */
  get version(): number {
    return this.revisionsAdded;
  }

  /** Adds one revision; false when it was already here (a watch and a read may both bring it). */
  add(kvKey: string, revision: number, value: Uint8Array | null): boolean {
    const list = this.byKey.get(kvKey) ?? [];
    if (list.some((known) => known.revision === revision)) return false;
    const checked: Checked = value === null || value.length === 0 ? { ok: false, claimed: null, reason: 'unreadable' } : checkEntry(kvKey, value);
    list.push({ revision, raw: value === null ? null : Buffer.from(value).toString('base64'), present: value !== null && value.length > 0, checked });
    list.sort((a, b) => a.revision - b.revision);
    this.byKey.set(kvKey, list);
    this.lastRevision.set(kvKey, Math.max(this.lastRevision.get(kvKey) ?? 0, revision));
    this.highest = Math.max(this.highest, revision);
    this.revisionsAdded++;
    return true;
  }

  /** Every revision as stored, for the copy kept on this computer (read back with `add`, so checked again). */
  saved(): SavedRevision[] {
    return [...this.byKey].flatMap(([kvKey, revisions]) => revisions.map((revision) => ({ k: kvKey, r: revision.revision, v: revision.raw })));
  }

  /** The bucket's highest revision seen: a watch resumes after it. */
  get latest(): number {
    return this.highest;
  }
}
