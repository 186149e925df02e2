import { z } from 'zod';

export const base64Key = z
  .string()
  .min(32)
  .max(200)
  .regex(/^[A-Za-z0-9+/]+={0,2}$/, 'must be base64');
