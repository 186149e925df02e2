export * from './postgres.js';
export * from './nats.js';
export * from './nats-server.js';
export * from './wait.js';
export * from './random.js';
export * from './child-process.js';
export * from './service-env.js';
export * from './prisma-drift.js';
