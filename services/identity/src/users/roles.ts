import type { Role } from './user-state.js';

/** The role the configuration gives an e-mail (already normalised): ADMIN_EMAILS decides. */
export const roleFor = (email: string, adminEmails: readonly string[]): Role =>
  adminEmails.includes(email) ? 'admin' : 'user';
