export {
  createStripeSandbox,
  SANDBOX_DEFAULTS,
  type SandboxClockControl,
  type StripeSandbox,
  type StripeSandboxOptions,
} from './sandbox.js';
export { loadSandboxConfig, SandboxConfigError, type SandboxConfig } from './config.js';
export { API_VERSION, type Log, type LogLevel } from './core.js';
export { TEST_CARDS, TEST_PAYMENT_METHODS } from './cards.js';
export {
  signatureHeader,
  DEFAULT_RETRY_DELAYS_MS,
  type DeliveryRecord,
  type DeliveryAttempt,
} from './webhooks.js';
export { decodeForm, encodeForm, type FormObject, type FormValue } from './form.js';
export type { SandboxState } from './state.js';
export { cardConfirmForm, cardFields } from './card-form.js';
export { randomSecretKey, COMMITTED_SECRET_KEY } from './access.js';
