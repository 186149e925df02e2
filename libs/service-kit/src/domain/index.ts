export * from './decider.js';
export * from './errors.js';
export * from './clock.js';
export * from './command-handler.js';
export { readSnapshot, writeSnapshot, type Snapshot } from './snapshots.js';
export * from './domain-events.js';
