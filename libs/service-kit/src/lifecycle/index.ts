export * from './fatal-errors.js';
export * from './graceful-shutdown.js';
export * from './listen.js';
