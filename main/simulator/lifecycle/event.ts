/** A state change as the lifecycle reports it; the event bus turns it into deliveries. */
export interface RaisedEvent {
  event: string;
  entityId: string;
  companyId: string;
  at: number;
  entityNumber?: string | null;
  entityName?: string;
  oldStatus?: string;
  newStatus?: string;
  /** Statuses are quote statuses: client recipients get the client-facing values. */
  quoteStatuses?: boolean;
}

export type Emit = (event: RaisedEvent) => void;

export const discardEvents: Emit = () => undefined;

/** A lifecycle call that the current state does not allow (HTTP: 400 or 409). */
export class TransitionError extends Error {
  constructor(
    message: string,
    readonly code: 'invalid_status' | 'not_found',
  ) {
    super(message);
    this.name = 'TransitionError';
  }
}
