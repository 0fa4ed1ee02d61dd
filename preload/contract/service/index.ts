// The Quoting Service's wire schemas: what the simulator serves and the client validates.
export * from './primitives';
export * from './quote';
export * from './credentials';
export * from './webhook';
export * from './paths';
