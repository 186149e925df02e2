import { Router } from 'express';
import { gptVerifyRequestSchema, type GptVerifyResponse } from '@mia/contracts';
import { route, validate } from '@mia/service-kit';
import type { Access } from '../access.js';
import { checkAccessCode, limitError } from './check-code.js';
import { checkUserAccess } from './check-user.js';
import { ACTION_CHALLENGES, requireGptAuth } from './gpt-auth.js';
import { langOf } from './messages.js';
import { GPT_OPENAPI_PATH, GPT_VERIFY_PATH, gptOpenApiDocument } from './openapi.js';

/** With a user access token the token names the user: the body names only the tool. */
const userVerifyRequestSchema = gptVerifyRequestSchema.pick({ productId: true });

/**
 * The verification API the GPTs call (a user access token, or an API key with the user's
 * código MIA; not sessions) and its OpenAPI document.
 */
export function gptRoutes(access: Access): Router {
  const router = Router();

  route(router, access.auth, {
    method: 'post',
    path: GPT_VERIFY_PATH,
    auth: 'public',
    handler: async ({ req }): Promise<GptVerifyResponse> => {
      const lang = langOf(req.headers['accept-language']);
      const caller = await requireGptAuth(access, req, lang, ACTION_CHALLENGES);
      if (caller.kind === 'user') {
        const { productId } = validate(userVerifyRequestSchema, req.body ?? {}, {
          subject: 'Request body',
        });
        return checkUserAccess(access, {
          claims: caller.claims,
          productId,
          via: 'gpt_action',
          lang,
        });
      }
      const refusal = access.gptLimits.key(caller.keyId);
      if (refusal) throw limitError(refusal, lang);
      const { accessCode, productId } = validate(gptVerifyRequestSchema, req.body ?? {}, {
        subject: 'Request body',
      });
      return checkAccessCode(access, {
        accessCode,
        productId,
        via: 'gpt_action',
        lang,
        keyId: caller.keyId,
      });
    },
  });

  // Built per request: the tools are billing's catalogue as this replica knows it now.
  router.get(GPT_OPENAPI_PATH, (_req, res) => {
    const productIds = access.catalog.all().map((p) => p.id);
    res.json(gptOpenApiDocument(access.config.PUBLIC_ORIGIN, productIds));
  });
  return router;
}
