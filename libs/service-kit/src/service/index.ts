export * from './definition.js';
export * from './nats.js';
export * from './start-service.js';
export * from './run-service.js';
export * from './prisma-database.js';
export * from './operations.js';
export * from './memory-flags.js';
