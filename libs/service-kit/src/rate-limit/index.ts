export * from './rate-limiter.js';
export * from './local-limiter.js';
