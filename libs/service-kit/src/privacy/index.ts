export * from './sealed-box.js';
export * from './export-contribution.js';
export * from './mails-sent.js';
export * from './personal-data.js';
