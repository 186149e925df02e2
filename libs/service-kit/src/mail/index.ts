export * from './mailer.js';
export * from './escape-html.js';
