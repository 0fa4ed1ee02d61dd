// Buffers a caller lends InboxIndex.selected to hold a selection's columns, kept between its
// reads: at 100,000 quotes each selection is about 1 MB of columns, and allocating them at
// every read of Insights made the collector run during the reads (the slow samples of an
// update after one quote changed). A selection read with a scratch is overwritten by the next
// selection read with the same scratch, so only a caller that reads each selection at once
// (before the next) lends one.
export class SelectionScratch {
  private ordinals = new Int32Array(0);
  private stages = new Uint8Array(0);
  private slotOf = new Int32Array(0);

  /** The buffers, grown to hold at least `slots` entries (never shrunk: the largest selection is the one to hold). */
  fit(slots: number): { ordinals: Int32Array; stages: Uint8Array; slotOf: Int32Array } {
    if (this.ordinals.length < slots) {
      this.ordinals = new Int32Array(slots);
      this.stages = new Uint8Array(slots);
      this.slotOf = new Int32Array(slots);
    }
    return { ordinals: this.ordinals, stages: this.stages, slotOf: this.slotOf };
  }
}
