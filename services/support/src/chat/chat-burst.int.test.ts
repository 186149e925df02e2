import { afterAll, beforeAll, expect, it } from 'vitest';
import { startSupportHarness, type SupportHarness } from '../support-harness.fixture.js';
import { conversationDecider } from './conversation-decider.js';
import { chatStreamId } from './conversation-events.js';
import { startFakeOpenAI, type FakeOpenAI } from './fake-openai.fixture.js';

// The default quota (30) against 40 messages sent at once, as one browser tab or script can.
const QUOTA = 30;
const BURST = 40;

let h: SupportHarness;
let fake: FakeOpenAI;

beforeAll(async () => {
  fake = await startFakeOpenAI();
  h = await startSupportHarness({
    OPENAI_API_KEY: 'sk-test',
    OPENAI_BASE_URL: fake.baseURL,
    CHAT_QUOTA_PER_HOUR: String(QUOTA),
  });
});
afterAll(async () => {
  await h?.stop();
  await fake?.close();
});

it('40 messages at once: none fails, the quota holds, and the model is asked only within it', async () => {
  const hana = await h.customer('Hana');
  const answers = await Promise.all(
    Array.from({ length: BURST }, (_, i) =>
      h.call('POST', '/api/support/chat', {
        token: hana.token,
        body: { message: `mensaje simultáneo ${i}` },
      }),
    ),
  );
  const statuses = answers.map((a) => a.status);
  expect(statuses.filter((s) => s >= 500)).toEqual([]);
  expect(statuses.filter((s) => s !== 200 && s !== 429 && s !== 409)).toEqual([]);
  const ok = statuses.filter((s) => s === 200).length;
  expect(ok).toBeLessThanOrEqual(QUOTA);
  // Messages queue for their turn rather than failing: the quota is what refuses.
  expect(ok).toBe(QUOTA);
  expect(fake.requests).toHaveLength(ok);
  for (const limited of answers.filter((a) => a.status === 429)) {
    expect(limited.body.code).toBe('chat_quota');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  }

  // The record agrees: as many questions as answers given, each answered.
  const { state } = await h.support.deps.commands.load(chatStreamId(hana.id), conversationDecider);
  expect(state.askedAt).toHaveLength(ok);
  const turns = state.conversations.flatMap((c) => c.turns);
  expect(turns.every((t) => t.answer !== null)).toBe(true);
});
