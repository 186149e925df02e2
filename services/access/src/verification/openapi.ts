import { gptVerifyReasons } from '@mia/contracts';
import { TOOLS_SCOPE } from './user-tokens.js';

export const GPT_VERIFY_PATH = '/api/gpt/v1/verify';
export const GPT_OPENAPI_PATH = '/api/gpt/v1/openapi.json';
export const GPT_VERIFY_OPERATION = 'verifyAccess';

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
});

/**
 * The OpenAPI 3.1 document a GPT builder pastes into a GPT Action (docs/gpt-actions.md): one
 * operation, served from the public origin, with either authentication: OAuth (the person signs
 * in with their Ministerio IA account once; identity's authorization server) or the API key
 * with the person's código MIA. GPT Actions read the descriptions, so they say what to send and
 * what to do with the answer.
 */
export function gptOpenApiDocument(publicOrigin: string, productIds: readonly string[]) {
  return {
    openapi: '3.1.0',
    info: {
      title: 'Ministerio IA - verificación de acceso',
      version: '1.0.0',
      description:
        'Comprueba si la persona puede usar esta herramienta: con su cuenta de Ministerio IA conectada (OAuth) o con su código de acceso personal (código MIA). Llámala antes de ayudar.',
    },
    servers: [{ url: publicOrigin }],
    paths: {
      [GPT_VERIFY_PATH]: {
        post: {
          operationId: GPT_VERIFY_OPERATION,
          summary: 'Verifica el acceso de la persona a esta herramienta',
          description:
            'Devuelve si la persona (la de la cuenta conectada, o la dueña del código) puede usar la herramienta ahora. Si allowed es false, comunica message a la persona y no ayudes. Cada verificación permitida cuenta como un uso.',
          'x-openai-isConsequential': false,
          requestBody: {
            required: true,
            content: {
              'application/json': { schema: { $ref: '#/components/schemas/VerifyRequest' } },
            },
          },
          responses: {
            '200': {
              description: 'La respuesta, permitida o no.',
              content: {
                'application/json': { schema: { $ref: '#/components/schemas/VerifyResponse' } },
              },
            },
            '400': errorResponse('Falta el código o la herramienta.'),
            '401': errorResponse(
              'Falta la clave de la API o no es válida, o el inicio de sesión ya no es válido.',
            ),
            '429': errorResponse('Demasiadas verificaciones; espera y vuelve a intentarlo.'),
          },
        },
      },
    },
    components: {
      schemas: {
        VerifyRequest: {
          type: 'object',
          required: ['productId'],
          properties: {
            accessCode: {
              type: 'string',
              maxLength: 64,
              description:
                'Solo con la clave de la API (obligatorio entonces): el código MIA que la persona copió de su panel, p. ej. MIA-7K2P-9QXD-4HJM. Con la cuenta conectada (OAuth) no se envía.',
            },
            productId: {
              type: 'string',
              enum: [...productIds],
              description: 'La herramienta de este GPT (fija en sus instrucciones).',
            },
          },
        },
        VerifyResponse: {
          type: 'object',
          required: ['allowed', 'reason', 'productName', 'validUntil', 'message'],
          properties: {
            allowed: { type: 'boolean', description: 'true: ayuda a la persona.' },
            reason: { type: 'string', enum: [...gptVerifyReasons] },
            productName: { type: 'string' },
            validUntil: {
              type: ['string', 'null'],
              format: 'date-time',
              description: 'Fin del acceso; null si es de por vida o no hay acceso.',
            },
            message: { type: 'string', description: 'Frase para comunicar a la persona tal cual.' },
          },
        },
        Error: {
          type: 'object',
          required: ['message'],
          properties: { message: { type: 'string' }, code: { type: 'string' } },
        },
      },
      securitySchemes: {
        bearerAuth: { type: 'http', scheme: 'bearer' },
        oauth: {
          type: 'oauth2',
          description: 'La persona inicia sesión una vez con su cuenta de Ministerio IA.',
          flows: {
            authorizationCode: {
              authorizationUrl: new URL('/api/oauth/authorize', publicOrigin).href,
              tokenUrl: new URL('/api/oauth/token', publicOrigin).href,
              scopes: { [TOOLS_SCOPE]: 'comprobar tu acceso y contar tus usos' },
            },
          },
        },
      },
    },
    // Either one: a user access token, or the API key (with the código MIA in the body).
    security: [{ bearerAuth: [] }, { oauth: [TOOLS_SCOPE] }],
  };
}
