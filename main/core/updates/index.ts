export { createUpdateService, UPDATE_CHECK_INTERVAL_MS } from './update-service';
export type { RestartAnswer, UpdateService, UpdateServiceOptions } from './update-service';
export { createDecisionGate } from './decision-gate';
export { NO_DESKTOP_HANDLERS } from './desktop-handlers';
export type { DesktopHandlers } from './desktop-handlers';
export { explainUpdateFailure } from './explain';
export { realScheduler } from './port';
export type { DecisionsInFlight, Scheduler, UpdateEngine } from './port';
export { updateFeedUrlFrom } from './feed-url';
