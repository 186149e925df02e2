import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { products } from '@mia/catalog';
import { gptVerifyResponseSchema } from '@mia/contracts';
import { Router, type Request } from 'express';
import { z } from 'zod';
import type { Access } from '../access.js';
import { isHttpError } from '@mia/service-kit';
import { checkAccessCode, limitError } from './check-code.js';
import { requireGptKey } from './gpt-keys.js';
import { langOf } from './messages.js';

export const MCP_PATH = '/api/gpt/mcp';
export const MCP_TOOL = 'verify_access';

/**
 * The same check as the GPT Action, as an MCP tool over streamable HTTP, so the tools can move
 * to ChatGPT apps or other assistants without a new backend. Stateless: each POST gets its own
 * server and transport (nothing to share between replicas); the bearer keys are the API's.
 */
function mcpServer(access: Access, keyId: string, req: Request): McpServer {
  const server = new McpServer({ name: 'mia-access', version: '1.0.0' });
  server.registerTool(
    MCP_TOOL,
    {
      title: 'Verificar acceso MIA',
      description:
        'Comprueba con el código de acceso personal (código MIA) si la persona puede usar la herramienta. Llámala antes de ayudar; si allowed es false, comunica message y no ayudes. Cada verificación permitida cuenta como un uso.',
      inputSchema: {
        accessCode: z.string().min(1).max(64).describe('El código MIA de la persona.'),
        productId: z
          .enum(products.map((p) => p.id) as [string, ...string[]])
          .describe('La herramienta que la persona quiere usar.'),
      },
      outputSchema: gptVerifyResponseSchema.shape,
      annotations: { readOnlyHint: false, destructiveHint: false, openWorldHint: false },
    },
    async ({ accessCode, productId }) => {
      const lang = langOf(req.headers['accept-language']);
      // The Action's limits, answered as a tool error the assistant relays (no HTTP status).
      const limited = (error: { message: string }) => ({
        isError: true,
        content: [{ type: 'text' as const, text: error.message }],
      });
      const refusal = access.gptLimits.key(keyId);
      if (refusal) return limited(limitError(refusal, lang));
      let result;
      try {
        result = await checkAccessCode(access, { accessCode, productId, via: 'mcp', lang, keyId });
      } catch (error) {
        if (isHttpError(error) && error.status === 429) return limited(error);
        throw error;
      }
      return {
        content: [{ type: 'text', text: JSON.stringify(result) }],
        structuredContent: result,
      };
    },
  );
  return server;
}

export function mcpRoutes(access: Access): Router {
  const router = Router();
  router.post(MCP_PATH, async (req, res) => {
    const keyId = requireGptKey(access.gptKeys, req);
    const server = mcpServer(access, keyId, req);
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    });
    res.on('close', () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(req, res, req.body);
  });
  // Stateless: no server-initiated stream to open (GET) nor session to end (DELETE).
  router.all(MCP_PATH, (_req, res) => {
    res
      .status(405)
      .set('allow', 'POST')
      .json({ jsonrpc: '2.0', error: { code: -32000, message: 'Method not allowed.' }, id: null });
  });
  return router;
}
