// The contract's method and event names without zod, for code that must not load it: the
// sandboxed preload cannot require zod. Type-checked against the contract, so a name missing
// here, or one the contract lacks, is a compile error.
import type { EventName, MethodName } from './contract';

export const METHOD_FLAGS: { readonly [M in MethodName]: true } = {
  'app.info': true,
  'accounts.list': true,
  'accounts.add': true,
  'accounts.update': true,
  'accounts.remove': true,
  'accounts.test': true,
  'accounts.testDraft': true,
  'quotes.list': true,
};

export const EVENT_FLAGS: { readonly [E in EventName]: true } = {
  'accounts.changed': true,
  'accounts.statusChanged': true,
};
