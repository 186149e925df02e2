export * from './context.js';
export * from './logger.js';
export * from './db/index.js';
export * from './events/index.js';
export * from './http/index.js';
export * from './auth/index.js';
