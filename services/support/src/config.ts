import { baseConfigSchema, portSchema } from '@mia/service-kit';

export const configSchema = baseConfigSchema.extend({
  PORT: portSchema.default(8084),
});
