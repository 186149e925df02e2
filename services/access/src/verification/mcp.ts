import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { gptVerifyResponseSchema, type GptVerifyResponse } from '@mia/contracts';
import { Router, type Request } from 'express';
import { z } from 'zod';
import type { Access } from '../access.js';
import { isHttpError } from '@mia/service-kit';
import { checkAccessCode, limitError } from './check-code.js';
import { checkUserAccess } from './check-user.js';
import { requireGptAuth, type GptAuth } from './gpt-auth.js';
import { langOf, type Lang } from './messages.js';
import { mcpChallenges } from './protected-resource.js';

export const MCP_PATH = '/api/gpt/mcp';
export const MCP_TOOL = 'verify_access';

/**
 * The tools billing has published (retired ones too: their owners still verify), as this
 * replica knows them when the request comes; any id while it knows none.
 */
function productIdInput(access: Access) {
  const ids = access.catalog.all().map((p) => p.id);
  const [first, ...rest] = ids;
  const input = first === undefined ? z.string().min(1).max(60) : z.enum([first, ...rest]);
  return input.describe('La herramienta que la persona quiere usar.');
}

const TOOL_META = {
  title: 'Verificar acceso MIA',
  outputSchema: gptVerifyResponseSchema.shape,
  annotations: { readOnlyHint: false, destructiveHint: false, openWorldHint: false },
};

/** The Action's limits, answered as a tool error the assistant relays (no HTTP status). */
const limited = (error: { message: string }) => ({
  isError: true,
  content: [{ type: 'text' as const, text: error.message }],
});

const answered = (result: GptVerifyResponse) => ({
  content: [{ type: 'text' as const, text: JSON.stringify(result) }],
  structuredContent: result,
});

/** Runs a check; a spent budget (429) becomes the tool error the assistant relays. */
async function toolResult(check: () => Promise<GptVerifyResponse>) {
  try {
    return answered(await check());
  } catch (error) {
    if (isHttpError(error) && error.status === 429) return limited(error);
    throw error;
  }
}

/**
 * The same check as the GPT Action, as an MCP tool over streamable HTTP, so the tools can move
 * to ChatGPT apps or other assistants without a new backend. Stateless: each POST gets its own
 * server and transport (nothing to share between replicas). The tool's input follows the
 * caller: an assistant connected by the user's sign-in (user access token) sends only the
 * tool; one with the API key sends the user's código MIA too, as before.
 */
function mcpServer(access: Access, caller: GptAuth, lang: Lang): McpServer {
  const server = new McpServer({ name: 'mia-access', version: '1.0.0' });
  if (caller.kind === 'user') {
    const { claims } = caller;
    server.registerTool(
      MCP_TOOL,
      {
        ...TOOL_META,
        description:
          'Comprueba si la persona que conectó su cuenta de Ministerio IA puede usar la herramienta. Llámala antes de ayudar; si allowed es false, comunica message y no ayudes. Cada verificación permitida cuenta como un uso.',
        inputSchema: {
          // Optional and unused: the user is the token's; a code sent anyway changes nothing.
          accessCode: z
            .string()
            .max(64)
            .optional()
            .describe('No hace falta: la cuenta ya está conectada.'),
          productId: productIdInput(access),
        },
      },
      ({ productId }) =>
        toolResult(() => checkUserAccess(access, { claims, productId, via: 'mcp', lang })),
    );
    return server;
  }
  const { keyId } = caller;
  server.registerTool(
    MCP_TOOL,
    {
      ...TOOL_META,
      description:
        'Comprueba con el código de acceso personal (código MIA) si la persona puede usar la herramienta. Llámala antes de ayudar; si allowed es false, comunica message y no ayudes. Cada verificación permitida cuenta como un uso.',
      inputSchema: {
        accessCode: z.string().min(1).max(64).describe('El código MIA de la persona.'),
        productId: productIdInput(access),
      },
    },
    async ({ accessCode, productId }) => {
      const refusal = access.gptLimits.key(keyId);
      if (refusal) return limited(limitError(refusal, lang));
      return toolResult(() =>
        checkAccessCode(access, { accessCode, productId, via: 'mcp', lang, keyId }),
      );
    },
  );
  return server;
}

export function mcpRoutes(access: Access): Router {
  const router = Router();
  const challenges = mcpChallenges(access.config.PUBLIC_ORIGIN);
  router.post(MCP_PATH, async (req: Request, res) => {
    const lang = langOf(req.headers['accept-language']);
    const caller = await requireGptAuth(access, req, lang, challenges);
    const server = mcpServer(access, caller, lang);
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
