export * from './brand.js';
export * from './money.js';
export * from './products.js';
export * from './plans.js';
export * from './checkout.js';
export * from './trial.js';
export * from './tool-destination.js';
export * from './destinations.js';
