// Browser API request/response schemas (spec section 7), shared by services and web.
export * from './errors.js';
