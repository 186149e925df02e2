import { z } from 'zod';
import { defineEvent } from '../envelope.js';

export const UserRegisteredV1 = defineEvent({
  type: 'UserRegistered',
  version: 1,
  producer: 'identity',
  schema: z.object({
    userId: z.uuid(),
    email: z.email(),
    name: z.string().min(1),
    username: z.string().min(1),
    role: z.enum(['user', 'admin']),
  }),
});
export type UserRegisteredV1Data = z.infer<typeof UserRegisteredV1.schema>;
