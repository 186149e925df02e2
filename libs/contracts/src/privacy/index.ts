export * from './export-part.js';
