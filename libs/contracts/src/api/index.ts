// Browser API request/response schemas (spec section 7), shared by services and web.
export * from './errors.js';
export * from './auth.js';
export * from './dashboard.js';
export * from './access.js';
export * from './billing.js';
export * from './tickets.js';
export * from './support-chat.js';
export * from './trial.js';
export * from './admin-customer.js';
export * from './support-staff.js';
export * from './settings.js';
export * from './payment-review.js';
export * from './admin-disputes.js';
export * from './status.js';
export * from './catalog.js';
export * from './promotions.js';
export * from './sales.js';
