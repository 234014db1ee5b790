// The payloads of the catalog written out as documented interfaces, so that editors show what each
// event, action and field means in completions and hovers. They are checked equal to the types
// inferred from the schemas (events.ts, actions.ts) by the protocol's type tests: the schemas stay
// the single source of truth, and a drift fails the build.
export * from './event-payloads.js';
export * from './action-payloads.js';
