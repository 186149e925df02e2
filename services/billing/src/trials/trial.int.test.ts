import { NotificationSettingsChangedV1, UserEmailVerifiedV1 } from '@mia/contracts';
import { startEventPublisher, waitFor, type EventPublisher } from '@mia/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buyTool,
  EVENT_WAIT_MS,
  startBillingHarness,
  type BillingHarness,
  type Caller,
} from '../testing/billing-harness.fixture.js';

const HOUR = 60 * 60 * 1000;

describe('free trial', () => {
  let h: BillingHarness;
  let access: EventPublisher;
  let identity: EventPublisher;
  beforeAll(async () => {
    h = await startBillingHarness();
    access = await startEventPublisher(h.db, h.nats, 'access');
    identity = await startEventPublisher(h.db, h.nats, 'identity');
  });
  afterAll(async () => {
    await access?.stop();
    await identity?.stop();
    await h?.stop();
  });

  /** Identity reports the address verified (UserEmailVerified) and billing has noted it. */
  async function verify(user: Caller, email = user.email) {
    await identity.store.append(`user-${user.userId}`, 'any', [
      {
        type: UserEmailVerifiedV1.type,
        data: { userId: user.userId, email: email.trim(), verifiedAt: h.clock().toISOString() },
      },
    ]);
    await h.waitForEvent('EmailVerificationNoted', (d) => d.userId === user.userId);
    return user;
  }
  const verifiedUser = async (options?: Parameters<BillingHarness['signIn']>[0]) =>
    verify(await h.signIn(options));

  it('needs a verified e-mail: 403 with a message in Spanish or English, then starts once verified', async () => {
    const user = await h.signIn();
    const refused = await user.call('POST', '/api/trial/start', {});
    expect(refused).toMatchObject({ status: 403, body: { code: 'email_not_verified' } });
    expect(refused.body.message).toMatch(/^Confirma tu correo electrónico/);
    const english = await user.call('POST', '/api/trial/start?lang=en', {});
    expect(english.body.message).toMatch(/^Confirm your e-mail address/);
    expect((await h.events('TrialStarted')).filter((e) => e.data.userId === user.userId)).toEqual(
      [],
    );
    // Refused without claiming the address: verified, the same account starts its trial.
    await verify(user);
    expect((await user.call('POST', '/api/trial/start', {})).status).toBe(200);
  });

  it('notes a verification once however often it arrives', async () => {
    const user = await verifiedUser();
    const noted = async () =>
      (await h.events('EmailVerificationNoted')).filter((e) => e.data.userId === user.userId);
    // The same verification again, then a later one on the same stream (handled in order).
    await identity.store.append(`user-${user.userId}`, 'any', [
      {
        type: UserEmailVerifiedV1.type,
        data: { userId: user.userId, email: user.email, verifiedAt: h.clock().toISOString() },
      },
    ]);
    h.clock.advance(60_000);
    await verify(user, `nuevo-${user.email}`);
    await waitFor(async () => (await noted()).some((e) => e.data.email === `nuevo-${user.email}`), {
      message: 'the later verification',
      timeoutMs: EVENT_WAIT_MS,
    });
    expect((await noted()).map((e) => e.data.email)).toEqual([user.email, `nuevo-${user.email}`]);
  });

  it('a.b+x@googlemail.com gets no trial after ab@gmail.com had one', async () => {
    const first = await verifiedUser({ email: 'ab@gmail.com' });
    expect((await first.call('POST', '/api/trial/start', {})).status).toBe(200);
    const variant = await verifiedUser({ email: 'a.b+x@googlemail.com' });
    const answer = await variant.call('POST', '/api/trial/start', {});
    expect(answer).toMatchObject({ status: 409, body: { code: 'trial_email_used' } });
  });

  it('starts once per account: 3 days from now, TrialStarted once, then 409', async () => {
    const user = await verifiedUser();
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
    const first = await verifiedUser({ email: 'Lidia@Iglesia.org' });
    expect((await first.call('POST', '/api/trial/start', {})).status).toBe(200);
    for (const email of ['lidia+otra@iglesia.org', ' LIDIA@iglesia.org ']) {
      const other = await verifiedUser({ email });
      const answer = await other.call('POST', '/api/trial/start', {});
      expect(answer).toMatchObject({ status: 409, body: { code: 'trial_email_used' } });
    }
    const distinct = await verifiedUser({ email: 'lidia.r@iglesia.org' });
    expect((await distinct.call('POST', '/api/trial/start', {})).status).toBe(200);
  });

  it('the ends-tomorrow reminder goes out once, when the trial is within its last day', async () => {
    const user = await verifiedUser({ name: 'Rut' });
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
    const user = await verifiedUser({ name: 'Marta' });
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
