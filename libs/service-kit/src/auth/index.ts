export * from './claims.js';
export * from './cookie.js';
export * from './lru.js';
export * from './middleware.js';
export * from './revocations.js';
export * from './signer.js';
export * from './verifier.js';
export * from './revocation-feed.js';
