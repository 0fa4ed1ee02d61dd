import { m } from '../../../../i18n/paraglide/messages.js';
import type { CheckAgainOutcome, DecisionOutcome } from '../../lib/decision-outcome';

export type RunState =
  | { kind: 'idle' }
  | { kind: 'sending' }
  | { kind: 'checking' }
  | { kind: 'ended'; result: DecisionOutcome }
  | { kind: 'checked'; result: CheckAgainOutcome };

/**
 * One decision's life in a dialog: idle, sending (a second send is impossible), its outcome,
 * and the "check again" after an unknown one. Shared by the accept and decline dialogs.
 */
export class DecisionRun {
  state = $state<RunState>({ kind: 'idle' });

  get busy(): boolean {
    return this.state.kind === 'sending' || this.state.kind === 'checking';
  }

  /** True while the dialog should offer the decision itself (not a result). */
  get deciding(): boolean {
    const { state } = this;
    if (state.kind === 'idle' || state.kind === 'sending') return true;
    // A failure that sent nothing, or a check showing the quote can be decided: offer it again.
    if (state.kind === 'ended') return state.result.outcome === 'error';
    return state.kind === 'checked' && state.result.canDecide;
  }

  async send(run: () => Promise<DecisionOutcome>): Promise<void> {
    if (this.busy) return;
    this.state = { kind: 'sending' };
    let result: DecisionOutcome;
    try {
      result = await run();
    } catch (error) {
      result = { outcome: 'error', message: error instanceof Error ? error.message : String(error), retryable: true };
    }
    this.state = { kind: 'ended', result };
  }

  async checkAgain(run: () => Promise<CheckAgainOutcome>): Promise<void> {
    if (this.busy) return;
    const previous = this.state;
    this.state = { kind: 'checking' };
    try {
      this.state = { kind: 'checked', result: await run() };
    } catch (error) {
      this.state = previous.kind === 'ended'
        ? { kind: 'ended', result: { ...previous.result, message: m.quote_decision_check_failed({ message: previous.result.message, problem: error instanceof Error ? error.message : String(error) }) } }
        : previous;
    }
  }
}
