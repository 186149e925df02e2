import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBillingHarness, type BillingHarness } from '../testing/billing-harness.fixture.js';

const HOUR = 60 * 60 * 1000;

describe('free trial', () => {
  let h: BillingHarness;
  beforeAll(async () => {
    h = await startBillingHarness();
  });
  afterAll(() => h?.stop());

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
});
