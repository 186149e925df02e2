export * from './ticket-fields.js';
export * from './ticket-opened.v1.js';
export * from './ticket-message-posted.v1.js';
export * from './ticket-status-changed.v1.js';
export * from './support-export-part-ready.v1.js';
