import { z } from 'zod';

/**
 * The account settings' switches (GET/PUT /api/settings, owned by access). `emailNotifications`
 * allows the optional mails (trial reminder, renewal-failed notice; receipts always go);
 * `usageAlerts` asks for a mail when the access code is used unusually often.
 */
export const accountSettingsSchema = z.strictObject({
  emailNotifications: z.boolean(),
  usageAlerts: z.boolean(),
});
export type AccountSettings = z.infer<typeof accountSettingsSchema>;

/** What a user has before changing anything (the spec's defaults). */
export const defaultAccountSettings: AccountSettings = {
  emailNotifications: true,
  usageAlerts: false,
};

// PUT /api/settings: both switches, booleans only; anything else is refused.
export const updateAccountSettingsRequestSchema = accountSettingsSchema;
export type UpdateAccountSettingsRequest = AccountSettings;
