export * from './user-registered.v1.js';
export * from './password-changed.v1.js';
export * from './sessions-revoked.v1.js';
export * from './user-role-changed.v2.js';
export * from './user-email-verified.v1.js';
export * from './oauth-grant-revoked.v1.js';
export * from './account-export-requested.v1.js';
