import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { accessCodeResponseSchema } from '@mia/contracts';
import {
  createTestDatabase,
  createTestNats,
  startEventPublisher,
  type EventPublisher,
  type TestDatabase,
  type TestNats,
} from '@mia/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  registerUser,
  startAccess,
  TEST_GPT_KEY,
  type RunningAccess,
  type TestUser,
} from '../access-harness.fixture.js';

const THRESHOLD = 3;

describe('usage alerts', () => {
  let db: TestDatabase;
  let nats: TestNats;
  let access: RunningAccess;
  let identity: EventPublisher;
  let mailDir: string;

  beforeAll(async () => {
    db = await createTestDatabase();
    nats = await createTestNats();
    mailDir = await mkdtemp(join(tmpdir(), 'access-mail-'));
    access = await startAccess(db, nats, {
      USAGE_ALERT_THRESHOLD: String(THRESHOLD),
      MAIL_DIR: mailDir,
      PUBLIC_ORIGIN: 'https://mia.example.org',
    });
    identity = await startEventPublisher(db, nats, 'identity');
  });

  afterAll(async () => {
    await identity?.stop();
    await access?.stop();
    await nats?.cleanup();
    await db?.drop();
    if (mailDir) await rm(mailDir, { recursive: true, force: true });
  });

  const mailsTo = async (user: TestUser) => {
    // Alerts are queued and sent by the mail worker: send what is queued first.
    await access.mailWorker?.drain();
    const files = (await readdir(mailDir)).filter((f) => f.endsWith('.json'));
    const mails = await Promise.all(
      files.map(
        async (f) =>
          JSON.parse(await readFile(join(mailDir, f), 'utf8')) as {
            to: string;
            subject: string;
            text: string;
            kind?: string;
          },
      ),
    );
    return mails.filter((m) => m.to === user.email);
  };

  const verifyTimes = async (user: TestUser, times: number) => {
    const { accessCode } = accessCodeResponseSchema.parse(
      (await call(access.url, 'GET', '/api/access-code', { token: user.token })).body,
    );
    for (let i = 0; i < times; i++) {
      const res = await call(access.url, 'POST', '/api/gpt/v1/verify', {
        body: { accessCode, productId: 'apocalipsis' },
        headers: { authorization: `Bearer ${TEST_GPT_KEY}` },
      });
      expect(res.status).toBe(200);
    }
  };

  it('mails a user with usage alerts on once per hour past the threshold', async () => {
    const ana = await registerUser(identity, access);
    const saved = await call(access.url, 'PUT', '/api/settings', {
      token: ana.token,
      body: { emailNotifications: true, usageAlerts: true },
    });
    expect(saved.status).toBe(200);

    await verifyTimes(ana, THRESHOLD);
    expect(await mailsTo(ana)).toEqual([]);

    await verifyTimes(ana, 1);
    const [alert, ...more] = await mailsTo(ana);
    expect(more).toEqual([]);
    expect(alert).toMatchObject({
      kind: 'usage-alert',
      subject: 'Tu código MIA se está usando más de lo habitual',
    });
    expect(alert?.text).toContain(`${THRESHOLD + 1} veces`);
    expect(alert?.text).toContain('https://mia.example.org/dashboard');
    // The code itself is never in the mail.
    const { accessCode } = accessCodeResponseSchema.parse(
      (await call(access.url, 'GET', '/api/access-code', { token: ana.token })).body,
    );
    expect(alert?.text).not.toContain(accessCode);

    await verifyTimes(ana, THRESHOLD + 2);
    expect(await mailsTo(ana)).toHaveLength(1);
  });

  it('sends nothing to a user who left usage alerts off (the default)', async () => {
    const ben = await registerUser(identity, access);
    await verifyTimes(ben, THRESHOLD + 2);
    expect(await mailsTo(ben)).toEqual([]);
  });
});
