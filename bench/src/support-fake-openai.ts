// The support tests' local OpenAI stand-in (services/support/src/chat/fake-openai.fixture.ts),
// set to answer every request with a valid structured answer after a fixed delay, so the
// support benchmark can tell the model's time from the cost the service adds around it.
import { startFakeOpenAI } from '../../services/support/src/chat/fake-openai.fixture.js';

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

export async function startDelayedFakeOpenAI(delayMs: number): Promise<DelayedFakeOpenAI> {
  const fake = await startFakeOpenAI();
  fake.reply(() => ({ kind: 'slow', ms: delayMs, answer: benchModelAnswer }));
  return { baseURL: fake.baseURL, received: () => fake.requests.length, close: () => fake.close() };
}
