import { z } from 'zod';

export const trialStartResponseSchema = z.object({ trialEndsAt: z.iso.datetime({ offset: true }) });
export type TrialStartResponse = z.infer<typeof trialStartResponseSchema>;
