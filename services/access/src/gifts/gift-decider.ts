import type { GiftItem } from '@mia/contracts';
import { DomainError, readerOf, type Decider } from '@mia/service-kit';
import { giftEventDefinitions, type GiftEvent, type MailLanguage } from './gift-events.js';

/** Where a gift is; `refunded` is final whatever came before. */
export type GiftPhase = 'unknown' | 'scheduled' | 'sent' | 'claimed' | 'refunded';

export interface GiftState {
  phase: GiftPhase;
  giftId: string | null;
  buyerId: string | null;
  item: GiftItem | null;
  message: string | null;
  sendAt: string | null;
  recipientEmail: string | null;
  /** The last link's hash (live only while `sent`); null before the first mail. */
  tokenHash: string | null;
  /** The buyer's language, for the recipient's mail (the store's own until the buyer acts). */
  language: MailLanguage;
  sentAt: string | null;
  claim: { recipientId: string; claimedAt: string; alreadyOwned: boolean } | null;
  refundedAt: string | null;
}

/** What billing's events, the sweep, the buyer and the recipient ask of a gift. */
export type GiftCommand =
  | {
      kind: 'schedule';
      giftId: string;
      buyerId: string;
      paymentId: string;
      item: GiftItem;
      recipientEmail: string;
      message: string | null;
      sendAt: string;
      paidAt: string;
    }
  /** The sweep: the first mail, once `sendAt` has come. */
  | { kind: 'send-scheduled'; tokenHash: string }
  /**
   * The buyer: a new link to the same address (the old link ends). Before `sendAt` it sends the
   * gift now: the buyer asked for it.
   */
  | { kind: 'resend'; buyerId: string; tokenHash: string; language: MailLanguage }
  /** The buyer: another address before the claim (a new link if one had gone out). */
  | {
      kind: 'change-recipient';
      buyerId: string;
      recipientEmail: string;
      tokenHash: string;
      language: MailLanguage;
    }
  /**
   * The recipient, signed in: `accountEmail` is the session's address, `verifiedEmail` the one
   * identity last reported verified; `alreadyOwned` whether they could already use the item.
   */
  | {
      kind: 'claim';
      tokenHash: string;
      recipientId: string;
      accountEmail: string;
      verifiedEmail: string | null;
      alreadyOwned: boolean;
    }
  | { kind: 'refund'; giftId: string; refundedAt: string };

const normalized = (email: string) => email.trim().toLowerCase();

const notFound = () => new DomainError('not_found', 'gift_not_found', 'Gift not found');

/** The buyer's own gift, still open to changes. */
function assertBuyerMayChange(state: GiftState, buyerId: string): void {
  // Anyone but the buyer learns nothing of the gift, not even that it exists.
  if (state.phase === 'unknown' || state.buyerId !== buyerId) throw notFound();
  if (state.phase === 'claimed')
    throw new DomainError('conflict', 'gift_claimed', 'The gift has already been claimed');
  if (state.phase === 'refunded')
    throw new DomainError('conflict', 'gift_refunded', 'The gift was refunded');
}

/**
 * A gift in access (ADR 0020): scheduled by billing's GiftPaid, mailed on `sendAt` with a
 * single-use link (only its hash is kept; each new link ends the one before), claimed by the
 * recipient signed in with the verified address it was sent to, ended by a refund. Billing's
 * events may come twice or out of order: a second GiftPaid schedules nothing, and a refund that
 * arrives first is remembered so the late GiftPaid schedules nothing either.
 */
export const giftDecider: Decider<GiftCommand, GiftState, GiftEvent> = {
  name: 'gift',
  initialState: () => ({
    phase: 'unknown',
    giftId: null,
    buyerId: null,
    item: null,
    message: null,
    sendAt: null,
    recipientEmail: null,
    tokenHash: null,
    language: 'es',
    sentAt: null,
    claim: null,
    refundedAt: null,
  }),

  evolve(state, event) {
    switch (event.type) {
      case 'GiftScheduled': {
        const { giftId, buyerId, item, message, sendAt, recipientEmail } = event.data;
        return {
          ...state,
          phase: state.phase === 'refunded' ? 'refunded' : 'scheduled',
          giftId,
          buyerId,
          item,
          message,
          sendAt,
          recipientEmail,
        };
      }
      case 'GiftLinkSent':
        return {
          ...state,
          phase: 'sent',
          recipientEmail: event.data.recipientEmail,
          tokenHash: event.data.tokenHash,
          language: event.data.language,
          sentAt: event.data.sentAt,
        };
      case 'GiftRecipientChanged':
        return { ...state, recipientEmail: event.data.recipientEmail };
      case 'GiftClaimed': {
        const { recipientId, claimedAt, alreadyOwned } = event.data;
        // The hash stays: the spent link then says "already received", not "invalid".
        return { ...state, phase: 'claimed', claim: { recipientId, claimedAt, alreadyOwned } };
      }
      case 'GiftRefundNoted':
        return { ...state, phase: 'refunded', refundedAt: event.data.refundedAt };
    }
  },

  decide(command, state, { now }) {
    const at = now.toISOString();
    switch (command.kind) {
      case 'schedule': {
        if (state.phase !== 'unknown') return [];
        const { kind: _kind, ...gift } = command;
        return [
          {
            type: 'GiftScheduled',
            data: { ...gift, recipientEmail: normalized(gift.recipientEmail) },
          },
        ];
      }

      case 'send-scheduled': {
        // Already sent (a second sweep), claimed, refunded, or not yet due: nothing to send.
        if (state.phase !== 'scheduled' || state.sendAt === null) return [];
        if (Date.parse(state.sendAt) > now.getTime()) return [];
        return [
          linkSent(
            state,
            state.recipientEmail!,
            command.tokenHash,
            state.language,
            'scheduled',
            at,
          ),
        ];
      }

      case 'resend':
        assertBuyerMayChange(state, command.buyerId);
        return [
          linkSent(state, state.recipientEmail!, command.tokenHash, command.language, 'resend', at),
        ];

      case 'change-recipient': {
        assertBuyerMayChange(state, command.buyerId);
        const recipientEmail = normalized(command.recipientEmail);
        const changed: GiftEvent[] =
          recipientEmail === state.recipientEmail
            ? []
            : [
                {
                  type: 'GiftRecipientChanged',
                  data: { giftId: state.giftId!, recipientEmail, changedAt: at },
                },
              ];
        // Not mailed yet: the new address gets the mail on `sendAt`, as the first one would have.
        if (state.phase === 'scheduled') return changed;
        return [
          ...changed,
          linkSent(
            state,
            recipientEmail,
            command.tokenHash,
            command.language,
            'recipient_changed',
            at,
          ),
        ];
      }

      case 'claim': {
        if (state.phase === 'claimed') {
          throw new DomainError(
            'conflict',
            'gift_already_claimed',
            'This gift has already been claimed',
          );
        }
        // A replaced link, a refunded gift, or one never mailed: the link does not work.
        if (state.phase !== 'sent' || state.tokenHash !== command.tokenHash) {
          throw new DomainError('gone', 'gift_link_invalid', 'This gift link is no longer valid');
        }
        const recipient = state.recipientEmail!;
        if (normalized(command.accountEmail) !== recipient) {
          throw new DomainError(
            'forbidden',
            'gift_wrong_account',
            'Sign in with the address the gift was sent to',
            { recipientEmail: recipient },
          );
        }
        if (command.verifiedEmail === null || normalized(command.verifiedEmail) !== recipient) {
          throw new DomainError(
            'forbidden',
            'email_not_verified',
            'Verify your e-mail address first',
            { recipientEmail: recipient },
          );
        }
        return [
          {
            type: 'GiftClaimed',
            data: {
              giftId: state.giftId!,
              buyerId: state.buyerId!,
              recipientId: command.recipientId,
              alreadyOwned: command.alreadyOwned,
              claimedAt: at,
            },
          },
        ];
      }

      case 'refund':
        if (state.phase === 'refunded') return [];
        return [
          {
            type: 'GiftRefundNoted',
            data: { giftId: command.giftId, refundedAt: command.refundedAt },
          },
        ];
    }
  },

  read: readerOf<GiftEvent>(giftEventDefinitions),
};

function linkSent(
  state: GiftState,
  recipientEmail: string,
  tokenHash: string,
  language: MailLanguage,
  reason: 'scheduled' | 'resend' | 'recipient_changed',
  sentAt: string,
): GiftEvent {
  return {
    type: 'GiftLinkSent',
    data: { giftId: state.giftId!, recipientEmail, tokenHash, language, reason, sentAt },
  };
}
