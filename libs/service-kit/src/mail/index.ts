export * from './mailer.js';
export * from './escape-html.js';
export * from './mail-config.js';
