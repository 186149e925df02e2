import { z } from 'zod';
import { defineEvent } from '../envelope.js';
import { instantSchema, ownIdSchema } from '../fields.js';

/**
 * A user changed their account settings' switches (both values, as they now are). Billing
 * reads `emailNotifications` to skip its optional mails; the last change by `changedAt` wins.
 */
export const NotificationSettingsChangedV1 = defineEvent({
  type: 'NotificationSettingsChanged',
  version: 1,
  producer: 'access',
  schema: z.strictObject({
    userId: ownIdSchema,
    emailNotifications: z.boolean(),
    usageAlerts: z.boolean(),
    changedAt: instantSchema,
  }),
});
export type NotificationSettingsChangedV1Data = z.infer<
  typeof NotificationSettingsChangedV1.schema
>;
