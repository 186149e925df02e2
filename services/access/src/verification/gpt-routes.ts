import { Router } from 'express';
import { gptVerifyRequestSchema, type GptVerifyResponse } from '@mia/contracts';
import { route, validate } from '@mia/service-kit';
import type { Access } from '../access.js';
import { enforceLimit } from '@mia/service-kit';
import { checkAccessCode } from './check-code.js';
import { requireGptKey } from './gpt-keys.js';
import { langOf } from './messages.js';
import { GPT_OPENAPI_PATH, GPT_VERIFY_PATH, gptOpenApiDocument } from './openapi.js';

/** Code lookups per API key per window, shared by the Action and the MCP tool. */
export const gptLimitRule = (access: Access, keyId: string) => ({
  key: `gpt:key:${keyId}`,
  limit: access.config.GPT_VERIFY_RATE_LIMIT_MAX,
  windowMs: access.config.GPT_VERIFY_RATE_LIMIT_WINDOW_SECONDS * 1000,
});

/** The verification API the GPTs call (bearer keys, not sessions) and its OpenAPI document. */
export function gptRoutes(access: Access): Router {
  const router = Router();
  const document = gptOpenApiDocument(access.config.PUBLIC_ORIGIN);

  route(router, access.auth, {
    method: 'post',
    path: GPT_VERIFY_PATH,
    auth: 'public',
    handler: async ({ req }): Promise<GptVerifyResponse> => {
      // The key is checked before the body, so an unauthenticated caller learns nothing.
      const keyId = requireGptKey(access.gptKeys, req);
      await enforceLimit(access.limiter, gptLimitRule(access, keyId));
      const { accessCode, productId } = validate(gptVerifyRequestSchema, req.body ?? {}, {
        subject: 'Request body',
      });
      return checkAccessCode(access, {
        accessCode,
        productId,
        via: 'gpt_action',
        lang: langOf(req.headers['accept-language']),
      });
    },
  });

  router.get(GPT_OPENAPI_PATH, (_req, res) => {
    res.json(document);
  });
  return router;
}
