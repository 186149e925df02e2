// A local stand-in for OpenAI's chat completions endpoint, so tests run the real SDK against
// structured answers, malformed answers, slow answers and rate limits. (Fixture: no tests.)
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ChatCompletionRequest {
  model: string;
  messages: { role: string; content: string }[];
  max_completion_tokens?: number;
  response_format?: {
    type: string;
    json_schema?: { name: string; strict?: boolean; schema: unknown };
  };
}

export type FakeReply =
  /** A structured answer: the object becomes the message content as JSON. */
  | { kind: 'answer'; answer: unknown }
  /** Message content as given (not JSON, or JSON of the wrong shape). */
  | { kind: 'content'; content: string }
  /** An HTTP error such as OpenAI's 429 rate limit. */
  | { kind: 'status'; status: number; message: string }
  /** Answers only after `ms` (longer than the client's timeout). */
  | { kind: 'slow'; ms: number; answer: unknown };

export interface FakeOpenAI {
  baseURL: string;
  /** Every request received, in order. */
  requests: ChatCompletionRequest[];
  /** What the next requests get (default: a valid answer). */
  reply(handler: (request: ChatCompletionRequest) => FakeReply): void;
  close(): Promise<void>;
}

const readJson = async (req: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8')) as ChatCompletionRequest;
};

export const validAnswer = {
  response: 'Respuesta del modelo.',
  severity: 'medium',
  category: 'general',
  nextSteps: ['Paso del modelo'],
  offerTicket: false,
};

export async function startFakeOpenAI(): Promise<FakeOpenAI> {
  const requests: ChatCompletionRequest[] = [];
  let handler: (request: ChatCompletionRequest) => FakeReply = () => ({
    kind: 'answer',
    answer: validAnswer,
  });
  const completion = (model: string, content: string) => ({
    id: `chatcmpl-${requests.length}`,
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [
      {
        index: 0,
        message: { role: 'assistant', content, refusal: null },
        finish_reason: 'stop',
        logprobs: null,
      },
    ],
    usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
  });

  const server: Server = createServer((req, res) => {
    void (async () => {
      if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
        res.writeHead(404).end();
        return;
      }
      const body = await readJson(req);
      requests.push(body);
      const reply = handler(body);
      const send = (status: number, payload: unknown) =>
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(payload));
      switch (reply.kind) {
        case 'answer':
          return send(200, completion(body.model, JSON.stringify(reply.answer)));
        case 'content':
          return send(200, completion(body.model, reply.content));
        case 'status':
          return send(reply.status, {
            error: { message: reply.message, type: 'rate_limit_error', code: null, param: null },
          });
        case 'slow': {
          const timer = setTimeout(
            () => send(200, completion(body.model, JSON.stringify(reply.answer))),
            reply.ms,
          );
          res.on('close', () => clearTimeout(timer));
          return;
        }
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    requests,
    reply: (next) => {
      handler = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
