export * from './envelope.js';
export * from './registry.js';
export * from './identity/index.js';
export * from './api/index.js';
