import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  claimGiftResponseSchema,
  dashboardResponseSchema,
  GiftPaidV1,
  GiftRefundedV1,
  myGiftsResponseSchema,
  UserEmailVerifiedV1,
  type GiftItem,
  type GiftPaidV1Data,
} from '@mia/contracts';
import {
  createTestDatabase,
  createTestNats,
  startEventPublisher,
  waitFor,
  type EventPublisher,
  type TestDatabase,
  type TestNats,
} from '@mia/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  consumerSettled,
  envelopeOf,
  publishRaw,
  registerUser,
  startAccess,
  type RunningAccess,
  type TestUser,
} from '../access-harness.fixture.js';
import { loadGrants } from '../entitlements/entitlements.js';
import { grantIds } from '../entitlements/entitlement-events.js';
import { verifiedEmailDecider, verifiedEmailStreamId } from '../teams/verified-email.js';
import { giftDecider } from './gift-decider.js';
import { giftStreamId } from './gift-events.js';
import { giftPeriodEnd } from './gift-period.js';

const ORIGIN = 'https://mia.example.org';
const HOUR = 3_600_000;

describe('gifts', () => {
  let db: TestDatabase;
  let nats: TestNats;
  let access: RunningAccess;
  let identity: EventPublisher;
  let mailDir: string;
  // The service's clock: it stands still unless a test moves it (the sweep's "now").
  let now = new Date();

  beforeAll(async () => {
    db = await createTestDatabase();
    nats = await createTestNats();
    mailDir = await mkdtemp(join(tmpdir(), 'access-gift-mail-'));
    access = await startAccess(
      db,
      nats,
      // The timer never fires during the tests: they run the sweep themselves.
      { MAIL_DIR: mailDir, PUBLIC_ORIGIN: ORIGIN, GIFT_SWEEP_MS: String(HOUR) },
      () => now,
    );
    identity = await startEventPublisher(db, nats, 'identity');
  });

  afterAll(async () => {
    await identity?.stop();
    await access?.stop();
    await nats?.cleanup();
    await db?.drop();
    if (mailDir) await rm(mailDir, { recursive: true, force: true });
  });

  interface SentMail {
    to: string;
    subject: string;
    text: string;
    html: string;
    kind?: string;
    giftId?: string;
  }

  const mailsTo = async (email: string): Promise<SentMail[]> => {
    await access.mailWorker?.drain();
    const files = (await readdir(mailDir)).filter((f) => f.endsWith('.json')).sort();
    const mails = await Promise.all(
      files.map(async (f) => JSON.parse(await readFile(join(mailDir, f), 'utf8')) as SentMail),
    );
    return mails.filter((m) => m.to === email);
  };
  const tokenOf = (mail: SentMail) => {
    const match = /\/regalo\?token=([A-Za-z0-9_-]+)/.exec(mail.text);
    if (!match?.[1]) throw new Error('no claim link in the mail');
    return match[1];
  };
  /** The one link mailed to `email` for `giftId` since `before` mails. */
  const newLink = async (email: string, before: number) => {
    const mails = await mailsTo(email);
    expect(mails).toHaveLength(before + 1);
    return tokenOf(mails.at(-1)!);
  };

  const verify = async (user: TestUser) => {
    await identity.store.append(`user-${user.id}`, 'any', [
      {
        type: UserEmailVerifiedV1.type,
        data: { userId: user.id, email: user.email, verifiedAt: new Date().toISOString() },
      },
    ]);
    // Identity's relay publishes it a moment later: wait for access to have noted it.
    await waitFor(
      async () =>
        (await access.deps.commands.load(verifiedEmailStreamId(user.id), verifiedEmailDecider))
          .state.email === user.email,
      { message: `${user.email} noted as verified` },
    );
  };

  const pay = async (
    buyer: TestUser,
    recipientEmail: string,
    {
      item = { kind: 'product', productId: 'apocalipsis' } as GiftItem,
      sendAt = now,
      message = 'Gracias por <b>todo</b>, pastor',
    } = {},
  ) => {
    const giftId = randomUUID();
    await publishRaw(nats, [
      envelopeOf(
        GiftPaidV1,
        {
          giftId,
          buyerId: buyer.id,
          paymentId: randomUUID(),
          providerPaymentId: `pi_${giftId.slice(0, 8)}`,
          item,
          amountCents: 1500,
          currency: 'usd',
          recipientEmail,
          message,
          sendAt: sendAt.toISOString(),
          paidAt: now.toISOString(),
        },
        { streamId: `gift-${giftId}`, streamVersion: 1 },
      ),
    ]);
    await consumerSettled(nats, 'gifts');
    return giftId;
  };

  const refund = async (giftId: string, buyer: TestUser, wasClaimed: boolean) => {
    await publishRaw(nats, [
      envelopeOf(
        GiftRefundedV1,
        {
          giftId,
          buyerId: buyer.id,
          paymentId: randomUUID(),
          amountCents: 1500,
          refundedAt: now.toISOString(),
          wasClaimed,
        },
        { streamId: `gift-${giftId}`, streamVersion: 3 },
      ),
    ]);
    await consumerSettled(nats, 'gifts');
  };

  const statusOf = async (buyer: TestUser, giftId: string) => {
    const res = await call(access.url, 'GET', '/api/gifts', { token: buyer.token });
    expect(res.status).toBe(200);
    return myGiftsResponseSchema.parse(res.body).sent.find((g) => g.giftId === giftId);
  };

  const claim = (user: TestUser, token: string, language = 'es') =>
    call(access.url, 'POST', '/api/gifts/claim', {
      token: user.token,
      body: { token },
      headers: { 'accept-language': language },
    });

  /** A gift paid, mailed by the sweep, its link read from the mail. */
  const mailedGift = async (buyer: TestUser, recipient: TestUser, item?: GiftItem) => {
    const before = (await mailsTo(recipient.email)).length;
    const giftId = await pay(buyer, recipient.email, item ? { item } : {});
    await access.deps.giftSweep.sweep();
    return { giftId, token: await newLink(recipient.email, before) };
  };

  it('mails the recipient on sendAt, not before, with the escaped message and a /regalo link', async () => {
    const buyer = await registerUser(identity, access);
    const recipient = await registerUser(identity, access);
    const giftId = await pay(buyer, recipient.email, {
      sendAt: new Date(now.getTime() + 2 * HOUR),
    });

    expect(await statusOf(buyer, giftId)).toMatchObject({ status: 'scheduled', sentAt: null });
    expect(await access.deps.giftSweep.sweep()).toBe(0);
    expect(await mailsTo(recipient.email)).toEqual([]);

    now = new Date(now.getTime() + 2 * HOUR);
    expect(await access.deps.giftSweep.sweep()).toBe(1);
    // A second sweep mails nothing more.
    expect(await access.deps.giftSweep.sweep()).toBe(0);
    const [mail] = await mailsTo(recipient.email);
    expect(mail).toMatchObject({ kind: 'gift-link', giftId });
    expect(mail!.subject).toContain(buyer.name);
    expect(mail!.html).toContain('Gracias por &lt;b&gt;todo&lt;/b&gt;, pastor');
    expect(mail!.text).toContain(`${ORIGIN}/regalo?token=`);
    expect(await statusOf(buyer, giftId)).toMatchObject({
      status: 'sent',
      sentAt: now.toISOString(),
      recipientEmail: recipient.email,
    });

    const preview = await call(access.url, 'POST', '/api/gifts/preview', {
      body: { token: tokenOf(mail!) },
    });
    expect(preview.status).toBe(200);
    expect(preview.body).toEqual({
      item: { kind: 'product', productId: 'apocalipsis' },
      fromName: buyer.name,
      message: 'Gracias por <b>todo</b>, pastor',
      recipientEmail: recipient.email,
    });
  });

  it('grants the tool for life to the verified recipient, once; another account is refused', async () => {
    const buyer = await registerUser(identity, access);
    const recipient = await registerUser(identity, access);
    const stranger = await registerUser(identity, access);
    await verify(stranger);
    const { giftId, token } = await mailedGift(buyer, recipient);

    const wrong = await claim(stranger, token);
    expect(wrong.status).toBe(403);
    expect(wrong.body).toMatchObject({ code: 'gift_wrong_account' });
    const unverified = await claim(recipient, token, 'en');
    expect(unverified.status).toBe(403);
    expect(unverified.body).toMatchObject({ code: 'email_not_verified' });
    expect(JSON.stringify(unverified.body)).toContain('Verify your e-mail address');

    await verify(recipient);
    const claimed = await claim(recipient, token);
    expect(claimed.status).toBe(200);
    expect(claimGiftResponseSchema.parse(claimed.body)).toEqual({
      giftId,
      item: { kind: 'product', productId: 'apocalipsis' },
      alreadyOwned: false,
    });
    const grants = await loadGrants(access.deps.commands, recipient.id);
    expect(grants.find((g) => g.grantId === grantIds.gift(giftId))).toMatchObject({
      scope: 'apocalipsis',
      source: { kind: 'gift', ref: giftId, giftFrom: buyer.id },
      validUntil: null,
      status: 'active',
    });
    // The buyer gets nothing.
    expect(await loadGrants(access.deps.commands, buyer.id)).toEqual([]);
    const { state } = await access.deps.commands.load(giftStreamId(giftId), giftDecider);
    expect(state.phase).toBe('claimed');
    // GiftClaimed v1 is on the gift's stream, from where the relay publishes it to billing.
    const stored = await access.ctx.events.readStream(giftStreamId(giftId));
    expect(stored.find((e) => e.type === 'GiftClaimed')).toMatchObject({
      version: 1,
      data: { giftId, buyerId: buyer.id, recipientId: recipient.id, alreadyOwned: false },
    });
    expect(await statusOf(buyer, giftId)).toMatchObject({ status: 'claimed' });

    // The dashboard shows the tool as a gift (the page labels the source "Regalo" / "Gift").
    const dashboard = dashboardResponseSchema.parse(
      (await call(access.url, 'GET', '/api/dashboard', { token: recipient.token })).body,
    );
    expect(dashboard.availableProducts.find((p) => p.id === 'apocalipsis')?.access?.source).toBe(
      'gift',
    );

    const again = await claim(recipient, token);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'gift_already_claimed' });
    // The buyer can no longer change it.
    const change = await call(access.url, 'PATCH', `/api/gifts/${giftId}`, {
      token: buyer.token,
      body: { recipientEmail: 'otra@iglesia.org' },
    });
    expect(change.status).toBe(409);
    expect(change.body).toMatchObject({ code: 'gift_claimed' });
  });

  it('gives a plan for one month from the claim, and tells an owner they already had the tool', async () => {
    const buyer = await registerUser(identity, access);
    const recipient = await registerUser(identity, access);
    await verify(recipient);
    const plan = await mailedGift(buyer, recipient, { kind: 'plan', plan: 'monthly' });
    const claimed = await claim(recipient, plan.token);
    expect(claimed.status).toBe(200);
    const grants = await loadGrants(access.deps.commands, recipient.id);
    expect(grants.find((g) => g.grantId === grantIds.gift(plan.giftId))).toMatchObject({
      scope: 'all',
      validFrom: now.toISOString(),
      validUntil: giftPeriodEnd('monthly', now).toISOString(),
    });

    // The plan covers the tool: a tool gift now finds it already owned, and is still given.
    const tool = await mailedGift(buyer, recipient);
    const second = await claim(recipient, tool.token);
    expect(second.status).toBe(200);
    expect(second.body).toMatchObject({ alreadyOwned: true });
  });

  it('sends a new link on a change of recipient or a resend; the old link ends; only the buyer may', async () => {
    const buyer = await registerUser(identity, access);
    const first = await registerUser(identity, access);
    const second = await registerUser(identity, access);
    await verify(second);
    const { giftId, token: oldToken } = await mailedGift(buyer, first);

    const notHis = await call(access.url, 'PATCH', `/api/gifts/${giftId}`, {
      token: second.token,
      body: { recipientEmail: second.email },
    });
    expect(notHis.status).toBe(404);
    expect(
      (await call(access.url, 'POST', `/api/gifts/${giftId}/resend`, { token: second.token }))
        .status,
    ).toBe(404);

    const changed = await call(access.url, 'PATCH', `/api/gifts/${giftId}`, {
      token: buyer.token,
      body: { recipientEmail: second.email },
    });
    expect(changed.status).toBe(204);
    const newToken = await newLink(second.email, 0);
    const stale = await call(access.url, 'POST', '/api/gifts/preview', {
      body: { token: oldToken },
    });
    expect(stale.status).toBe(410);
    expect(await statusOf(buyer, giftId)).toMatchObject({ recipientEmail: second.email });

    const resent = await call(access.url, 'POST', `/api/gifts/${giftId}/resend`, {
      token: buyer.token,
    });
    expect(resent.status).toBe(204);
    const resentToken = await newLink(second.email, 1);
    expect((await claim(second, newToken)).status).toBe(410);
    expect((await claim(second, resentToken)).status).toBe(200);
  });

  it('gives a gift once under concurrent claims', async () => {
    const buyer = await registerUser(identity, access);
    const recipient = await registerUser(identity, access);
    await verify(recipient);
    const { giftId, token } = await mailedGift(buyer, recipient);
    const answers = await Promise.all(Array.from({ length: 5 }, () => claim(recipient, token)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409, 409]);
    const stored = await access.ctx.events.readStream(giftStreamId(giftId));
    expect(stored.filter((e) => e.type === 'GiftClaimed')).toHaveLength(1);
  });

  it('schedules a gift once when billing delivers GiftPaid twice, and never one refunded first', async () => {
    const buyer = await registerUser(identity, access);
    const recipient = await registerUser(identity, access);
    const giftId = randomUUID();
    const paidEnvelope = envelopeOf(
      GiftPaidV1,
      {
        giftId,
        buyerId: buyer.id,
        paymentId: randomUUID(),
        providerPaymentId: 'pi_twice',
        item: { kind: 'plan', plan: 'annual' },
        amountCents: 20000,
        currency: 'usd',
        recipientEmail: recipient.email,
        message: null,
        sendAt: now.toISOString(),
        paidAt: now.toISOString(),
      },
      { streamId: `gift-${giftId}`, streamVersion: 1 },
    );
    await publishRaw(nats, [paidEnvelope], 2);
    await consumerSettled(nats, 'gifts');
    await access.deps.giftSweep.sweep();
    expect(await mailsTo(recipient.email)).toHaveLength(1);
    const scheduled = await access.ctx.events.readStream(giftStreamId(giftId));
    expect(scheduled.filter((e) => e.type === 'GiftScheduled')).toHaveLength(1);

    // A refund that overtakes its payment: the late GiftPaid mails nothing.
    const early = randomUUID();
    await refund(early, buyer, false);
    await publishRaw(nats, [
      envelopeOf(
        GiftPaidV1,
        {
          ...(paidEnvelope.data as GiftPaidV1Data),
          giftId: early,
          recipientEmail: 'tarde@iglesia.org',
        },
        { streamId: `gift-${early}`, streamVersion: 1 },
      ),
    ]);
    await consumerSettled(nats, 'gifts');
    await access.deps.giftSweep.sweep();
    expect(await mailsTo('tarde@iglesia.org')).toEqual([]);
  });

  it('ends an unclaimed gift on refund: the link stops working', async () => {
    const buyer = await registerUser(identity, access);
    const recipient = await registerUser(identity, access);
    await verify(recipient);
    const { giftId, token } = await mailedGift(buyer, recipient);
    await refund(giftId, buyer, false);
    expect(await statusOf(buyer, giftId)).toMatchObject({ status: 'refunded' });
    const res = await claim(recipient, token);
    expect(res.status).toBe(410);
    expect(res.body).toMatchObject({ code: 'gift_link_invalid' });
    expect(await loadGrants(access.deps.commands, recipient.id)).toEqual([]);
  });

  it('revokes a claimed gift on refund', async () => {
    const buyer = await registerUser(identity, access);
    const recipient = await registerUser(identity, access);
    await verify(recipient);
    const { giftId, token } = await mailedGift(buyer, recipient);
    expect((await claim(recipient, token)).status).toBe(200);
    await refund(giftId, buyer, true);
    await waitFor(async () => {
      const grants = await loadGrants(access.deps.commands, recipient.id);
      return grants.find((g) => g.grantId === grantIds.gift(giftId))?.status === 'revoked';
    });
    const grant = (await loadGrants(access.deps.commands, recipient.id)).find(
      (g) => g.grantId === grantIds.gift(giftId),
    );
    expect(grant).toMatchObject({ status: 'revoked', revokedReason: 'refund' });
    expect(await statusOf(buyer, giftId)).toMatchObject({ status: 'refunded' });
  });
});
