// The zod-free part of the contract: values both sides need, importable by the renderer.
export * from './names';
export * from './statuses';
export * from './socket-framing';
export * from './api-builder';
export * from './lanes';
export * from './base-url';
export * from './offline-limits';
export * from './pdf-file-name';
export * from './format';
export * from './stages';
export * from './network-words';
export * from './view-limits';
export * from './relay-url';
export * from './inbox-sorts';
export * from './snooze-times';
export * from './languages';
export * from './assignee-facet';
