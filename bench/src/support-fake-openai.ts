// A stand-in for OpenAI's chat completions endpoint that answers every request with a valid
// structured answer after a fixed delay, so the support benchmark can tell the model's time
// from the cost the service adds around it. Same approach as support's test fixture
// (services/support/src/chat/fake-openai.fixture.ts), reduced to the one reply the bench needs.
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/** The structured answer every request gets; the bench checks replies carry its text. */
export const benchModelAnswer = {
  response: 'Respuesta del modelo (benchmark).',
  severity: 'low',
  category: 'general',
  nextSteps: ['Paso del modelo'],
  offerTicket: false,
};

export interface DelayedFakeOpenAI {
  baseURL: string;
  /** Completions requested so far (each one was answered after the delay). */
  received(): number;
  close(): Promise<void>;
}

const readModel = async (req: IncomingMessage): Promise<string> => {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { model?: string };
  return body.model ?? 'unknown';
};

export async function startDelayedFakeOpenAI(delayMs: number): Promise<DelayedFakeOpenAI> {
  let received = 0;
  const content = JSON.stringify(benchModelAnswer);
  const server = createServer((req, res) => {
    void (async () => {
      if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
        res.writeHead(404).end();
        return;
      }
      const model = await readModel(req);
      received++;
      // The delay counts from the whole request being read, as a real model's time would.
      const timer = setTimeout(() => {
        res.writeHead(200, { 'content-type': 'application/json' }).end(
          JSON.stringify({
            id: `chatcmpl-bench-${received}`,
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
          }),
        );
      }, delayMs);
      res.on('close', () => clearTimeout(timer));
    })();
  });
  // Keep-alive from the SDK: one socket per concurrent request, reused.
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    received: () => received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
