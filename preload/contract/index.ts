export * from './service/index';
export * from './bridge/index';
