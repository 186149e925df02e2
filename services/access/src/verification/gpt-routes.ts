import { Router } from 'express';
import { gptVerifyRequestSchema, type GptVerifyResponse } from '@mia/contracts';
import { route, validate } from '@mia/service-kit';
import type { Access } from '../access.js';
import { checkAccessCode, limitError } from './check-code.js';
import { requireGptKey } from './gpt-keys.js';
import { langOf } from './messages.js';
import { GPT_OPENAPI_PATH, GPT_VERIFY_PATH, gptOpenApiDocument } from './openapi.js';

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
      const lang = langOf(req.headers['accept-language']);
      const refusal = access.gptLimits.key(keyId);
      if (refusal) throw limitError(refusal, lang);
      const { accessCode, productId } = validate(gptVerifyRequestSchema, req.body ?? {}, {
        subject: 'Request body',
      });
      return checkAccessCode(access, {
        accessCode,
        productId,
        via: 'gpt_action',
        lang,
        keyId,
      });
    },
  });

  router.get(GPT_OPENAPI_PATH, (_req, res) => {
    res.json(document);
  });
  return router;
}
