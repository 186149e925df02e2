import { enqueueMail, type CommandResult } from '@mia/service-kit';
import type { Access } from '../access.js';
import { giftDecider, type GiftCommand, type GiftState } from './gift-decider.js';
import { giftStreamId, type GiftEvent } from './gift-events.js';
import { giftItemName } from './gift-item-name.js';
import { claimUrlOf, giftMail, SOMEONE } from './gift-mail.js';
import { hashGiftToken, newGiftToken } from './gift-token.js';
import type { Session } from './gift-transaction.js';

/**
 * Decides a gift command that may send a new claim link (the sweep's first mail, a resend, a
 * new recipient) and, when it does, queues the recipient's mail in the same transaction. The
 * token exists only here and in the mail: the stream keeps its hash. The kit's mail worker sends
 * the mail after commit (and retries it), so no mail goes out for a link that was never stored,
 * and no mail I/O happens while the gift's row is locked.
 */
export async function decideWithLink(
  access: Pick<Access, 'commands' | 'config' | 'schema' | 'catalog'>,
  session: Session,
  giftId: string,
  command: (tokenHash: string) => GiftCommand,
): Promise<CommandResult<GiftState, GiftEvent>> {
  const token = newGiftToken();
  const tokenHash = hashGiftToken(token);
  const result = await access.commands.handleIn(
    session,
    giftStreamId(giftId),
    giftDecider,
    command(tokenHash),
  );
  const sent = result.decided.find((event) => event.type === 'GiftLinkSent');
  if (!sent) return result;
  const { state } = result;
  const buyer = await session.tx.directoryUser.findUnique({ where: { userId: state.buyerId! } });
  const mail = giftMail({
    to: sent.data.recipientEmail,
    language: sent.data.language,
    fromName: buyer?.name || SOMEONE[sent.data.language],
    itemName: giftItemName(state.item!, sent.data.language, access.catalog),
    message: state.message,
    claimUrl: claimUrlOf(access.config.PUBLIC_ORIGIN, token),
  });
  await enqueueMail(session.sql, access.schema, {
    // One mail per link: a retried transaction mints a new token, so a new key.
    key: `gift-link:${giftId}:${tokenHash.slice(0, 16)}`,
    mail: { ...mail, meta: { kind: 'gift-link', giftId } },
  });
  return result;
}
