export * from './fatal-errors.js';
export * from './graceful-shutdown.js';
export * from './listen.js';
export * from './idle-gc.js';
export * from './sweep.js';
