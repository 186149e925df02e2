import { NotificationSettingsChangedV1 } from '@mia/contracts';
import { startEventPublisher, waitFor, type EventPublisher } from '@mia/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buyTool,
  EVENT_WAIT_MS,
  startBillingHarness,
  type BillingHarness,
} from '../testing/billing-harness.fixture.js';

const HOUR = 60 * 60 * 1000;

describe('free trial', () => {
  let h: BillingHarness;
  let access: EventPublisher;
  beforeAll(async () => {
    h = await startBillingHarness();
    access = await startEventPublisher(h.db, h.nats, 'access');
  });
  afterAll(async () => {
    await access?.stop();
    await h?.stop();
  });

  it('starts once per account: 3 days from now, TrialStarted once, then 409', async () => {
    const user = await h.signIn();
    const before = h.clock().getTime();
    const first = await user.call<{ trialEndsAt: string }>('POST', '/api/trial/start', {});
    expect(first.status).toBe(200);
    const ends = new Date(first.body.trialEndsAt).getTime();
    expect(ends - before).toBeGreaterThanOrEqual(72 * HOUR);
    expect(ends - before).toBeLessThan(72 * HOUR + 60_000);

    const second = await user.call('POST', '/api/trial/start', {});
    expect(second).toMatchObject({ status: 409, body: { code: 'trial_already_used' } });
    expect(second.body.message).toMatch(/prueba gratuita/);
    const started = (await h.events('TrialStarted')).filter((e) => e.data.userId === user.userId);
    expect(started).toHaveLength(1);
    const overview = await user.call('GET', '/api/billing');
    expect(overview.body.trialEndsAt).toBe(first.body.trialEndsAt);
  });

  it('one trial per e-mail address, whatever its case, spaces or +tag', async () => {
    const first = await h.signIn({ email: 'Lidia@Iglesia.org' });
    expect((await first.call('POST', '/api/trial/start', {})).status).toBe(200);
    for (const email of ['lidia+otra@iglesia.org', ' LIDIA@iglesia.org ']) {
      const other = await h.signIn({ email });
      const answer = await other.call('POST', '/api/trial/start', {});
      expect(answer).toMatchObject({ status: 409, body: { code: 'trial_email_used' } });
    }
    const distinct = await h.signIn({ email: 'lidia.r@iglesia.org' });
    expect((await distinct.call('POST', '/api/trial/start', {})).status).toBe(200);
  });

  it('the ends-tomorrow reminder goes out once, when the trial is within its last day', async () => {
    const user = await h.signIn({ name: 'Rut' });
    await user.call('POST', '/api/trial/start', {});
    const reminders = async () =>
      (await h.mails()).filter((m) => m.to === user.email && m.kind === 'trial-reminder');
    const { reminders: sweep } = h.service.deps;

    await sweep.sweep();
    expect(await reminders()).toEqual([]);

    h.clock.advance(49 * HOUR);
    await sweep.sweep();
    await Promise.all([sweep.sweep(), sweep.sweep()]);
    const sent = await reminders();
    expect(sent).toHaveLength(1);
    expect(sent[0]?.subject).toBe('Tu prueba gratuita termina mañana');
    expect(sent[0]?.text).toContain('Rut');
  });

  it('sends no reminder to a user with e-mail notifications off; receipts still go', async () => {
    const user = await h.signIn({ name: 'Marta' });
    await access.store.append(`settings-${user.userId}`, 'no-stream', [
      {
        type: NotificationSettingsChangedV1.type,
        data: {
          userId: user.userId,
          emailNotifications: false,
          usageAlerts: false,
          changedAt: h.clock().toISOString(),
        },
      },
    ]);
    await h.waitForEvent('OptionalMailsNoted', (d) => d.userId === user.userId);
    expect((await user.call('POST', '/api/trial/start', {})).status).toBe(200);

    h.clock.advance(49 * HOUR);
    await h.service.deps.reminders.sweep();
    await h.waitForEvent('TrialReminderSkipped', (d) => d.userId === user.userId);
    await h.service.deps.reminders.sweep();
    const mine = async () => (await h.mails()).filter((m) => m.to === user.email);
    expect(await mine()).toEqual([]);

    await buyTool(h, user);
    const receipt = await waitFor(async () => (await mine()).find((m) => m.kind === 'receipt'), {
      message: 'the receipt',
      timeoutMs: EVENT_WAIT_MS,
    });
    expect(receipt.subject).toContain('Manual de Ceremonias Ministeriales');
    expect((await mine()).map((m) => m.kind)).toEqual(['receipt']);
  });
});
