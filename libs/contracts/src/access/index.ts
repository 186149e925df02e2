export * from './grant-fields.js';
export * from './access-granted.v1.js';
export * from './access-extended.v1.js';
export * from './access-revoked.v1.js';
export * from './access-suspended.v1.js';
export * from './access-restored.v1.js';
export * from './gpt-opened.v1.js';
export * from './access-code-rotated.v1.js';
