import type { User } from '../generated/prisma/client.js';

/**
 * The user object of the browser API (spec section 7): `{id, name, username, email, role}`,
 * and whether the e-mail address is verified.
 */
export interface UserView {
  id: string;
  name: string;
  username: string;
  email: string;
  role: 'user' | 'admin';
  emailVerified: boolean;
  /** Sign-in asks for a code from an authenticator app. */
  twoFactorEnabled: boolean;
}

export const toUserView = (user: User): UserView => ({
  id: user.id,
  name: user.name,
  username: user.username,
  email: user.email,
  role: user.role === 'admin' ? 'admin' : 'user',
  emailVerified: user.emailVerifiedAt !== null,
  twoFactorEnabled: user.twoFactorEnabled,
});

/** E-mails are compared trimmed and case-insensitively; stored that way too. */
export const normalizeEmail = (email: string): string => email.trim().toLowerCase();
