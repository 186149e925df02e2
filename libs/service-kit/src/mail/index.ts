export * from './mailer.js';
export * from './escape-html.js';
export * from './mail-config.js';
export * from './mail-queue.js';
export * from './mail-worker.js';
