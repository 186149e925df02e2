export * from './base.js';
export * from './dev-defaults.js';
export * from './dev-keys.js';
export * from './env-schemas.js';
export * from './load.js';
export * from './redact.js';
export * from './requirements.js';
export * from './http-server.js';
