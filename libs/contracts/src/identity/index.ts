export * from './user-registered.v1.js';
