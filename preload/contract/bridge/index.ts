export * from './errors';
export * from './accounts';
export * from './app';
export * from './notifications';
export * from './contract';
export * from './inbox';
export * from './sync';
export * from './webhooks';
