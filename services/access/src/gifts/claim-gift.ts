import { ALL_PRODUCTS, type ClaimGiftResponse, type GiftPreview } from '@mia/contracts';
import { DomainError, type SessionUser } from '@mia/service-kit';
import type { Access } from '../access.js';
import { entitlementsDecider, grantsOf } from '../entitlements/entitlements-decider.js';
import { entitlementsStreamId, grantIds } from '../entitlements/entitlement-events.js';
import { usable } from '../entitlements/grants.js';
import { verifiedEmailDecider, verifiedEmailStreamId } from '../teams/verified-email.js';
import { giftDecider } from './gift-decider.js';
import { giftStreamId } from './gift-events.js';
import { giftGrantOf } from './gift-period.js';
import { hashGiftToken } from './gift-token.js';
import { giftTransaction } from './gift-transaction.js';
import { SOMEONE } from './gift-mail.js';

type GiftAccess = Pick<Access, 'db' | 'events' | 'commands' | 'clock'>;

const linkInvalid = () =>
  new DomainError('gone', 'gift_link_invalid', 'This gift link is no longer valid');

/** The gift a link names (its hash's row), or the "no longer valid" refusal. */
async function giftIdOfToken(access: Pick<Access, 'db'>, token: string): Promise<string> {
  const row = await access.db.gift.findUnique({
    where: { tokenHash: hashGiftToken(token) },
    select: { giftId: true },
  });
  if (!row) throw linkInvalid();
  return row.giftId;
}

/** What the link's page shows before signing in: only while the link is the live one. */
export async function previewGift(
  access: GiftAccess,
  token: string,
  language: 'es' | 'en',
): Promise<GiftPreview> {
  const giftId = await giftIdOfToken(access, token);
  const { state } = await access.commands.load(giftStreamId(giftId), giftDecider);
  if (state.phase === 'claimed') {
    throw new DomainError('conflict', 'gift_already_claimed', 'This gift has already been claimed');
  }
  if (state.phase !== 'sent' || state.tokenHash !== hashGiftToken(token)) throw linkInvalid();
  const buyer = await access.db.directoryUser.findUnique({ where: { userId: state.buyerId! } });
  return {
    item: state.item!,
    fromName: buyer?.name || SOMEONE[language],
    message: state.message,
    recipientEmail: state.recipientEmail!,
  };
}

/**
 * The recipient claims the gift, signed in with the verified address it was sent to: the gift's
 * stream records the claim (published as GiftClaimed) and the recipient's entitlements get the
 * grant (source `gift`, ref giftId), in one transaction. A tool is theirs for life; a plan
 * covers every tool for one month or one year from now, beside any other source. Already owning
 * the tool does not stop the claim: the answer says so, and staff may refund the buyer.
 */
export async function claimGift(
  access: GiftAccess,
  user: SessionUser,
  token: string,
): Promise<ClaimGiftResponse> {
  const giftId = await giftIdOfToken(access, token);
  return giftTransaction(access, async (session) => {
    const now = access.clock();
    // One after the other: the transaction's one connection answers one query at a time.
    const { state: gift } = await access.commands.loadIn(
      session,
      giftStreamId(giftId),
      giftDecider,
    );
    const { state: entitlements } = await access.commands.loadIn(
      session,
      entitlementsStreamId(user.id),
      entitlementsDecider,
    );
    const { state: verified } = await access.commands.loadIn(
      session,
      verifiedEmailStreamId(user.id),
      verifiedEmailDecider,
    );
    const item = gift.item;
    if (!item) throw linkInvalid();
    const grants = grantsOf(entitlements);
    const alreadyOwned = usable(
      grants,
      item.kind === 'product' ? item.productId : ALL_PRODUCTS,
      now,
    ).allowed;
    const account =
      user.email ??
      (await session.tx.directoryUser.findUnique({ where: { userId: user.id } }))?.email ??
      '';
    const { decided } = await access.commands.handleIn(session, giftStreamId(giftId), giftDecider, {
      kind: 'claim',
      tokenHash: hashGiftToken(token),
      recipientId: user.id,
      accountEmail: account,
      verifiedEmail: verified.email,
      alreadyOwned,
    });
    const claimed = decided.find((event) => event.type === 'GiftClaimed');
    if (!claimed) throw linkInvalid();
    const claimedAt = new Date(claimed.data.claimedAt);
    await access.commands.handleIn(session, entitlementsStreamId(user.id), entitlementsDecider, {
      kind: 'grant-source',
      userId: user.id,
      grantId: grantIds.gift(giftId),
      ...giftGrantOf(item, claimedAt),
      source: { kind: 'gift', ref: giftId, giftFrom: gift.buyerId! },
      validFrom: claimed.data.claimedAt,
    });
    return { giftId, item, alreadyOwned };
  });
}
