import type { ConsumerDefinition } from '@mia/service-kit';
import type { Billing } from '../billing.js';
import type { BillingTx } from '../db.js';
import { noteClaimOnGiftClaimed } from '../gifts/note-claim-on-gift-claimed.js';
import { sendGiftReceiptOnGiftPaid } from '../gifts/send-gift-receipt-on-gift-paid.js';
import { noteUseOnGptOpened } from '../disputes/note-use-on-gpt-opened.js';
import { notifyRenewalFailureOnPaymentFailed } from '../mail/notify-renewal-failure-on-payment-failed.js';
import { sendReceiptOnPaymentSucceeded } from '../mail/send-receipt-on-payment-succeeded.js';
import { releaseOwnershipOnAccessRevoked } from '../payments/release-ownership-on-access-revoked.js';
import { notePreferencesOnSettingsChanged } from '../preferences/note-preferences-on-settings-changed.js';
import { noteVerifiedEmailOnUserEmailVerified } from '../trials/note-verified-email-on-user-email-verified.js';
import { noticeOnPlanPriceChanged } from '../subscriptions/price-change/notice-on-plan-price-changed.js';
import { noteRenewalForPriceMove } from '../subscriptions/price-change/note-renewal-for-price-move.js';
import { billingExportPartOnRequested } from '../privacy/export-part.js';
import { noteRosterOnTeamRosterChanged } from '../teams/note-roster-on-team-roster-changed.js';

/** Every event billing reacts to (its own, and access's settings), one consumer per purpose. */
export const billingConsumers = (billing: Billing): readonly ConsumerDefinition<BillingTx>[] => [
  {
    name: 'mail',
    subscriptions: [
      sendReceiptOnPaymentSucceeded(billing),
      notifyRenewalFailureOnPaymentFailed(billing),
      sendGiftReceiptOnGiftPaid(billing),
    ],
  },
  // Access's claims of gifts: a claimed gift's refund follows the tool's rules.
  { name: 'gift-claims', subscriptions: [noteClaimOnGiftClaimed()] },
  // The e-mail notifications switch, which the optional mails above and the trial reminder ask.
  { name: 'preferences', subscriptions: [notePreferencesOnSettingsChanged()] },
  // Identity's verified addresses: a free trial needs one.
  { name: 'verified-emails', subscriptions: [noteVerifiedEmailOnUserEmailVerified()] },
  // An admin's revocation in access releases the purchased tool (it can be bought again).
  { name: 'ownership', subscriptions: [releaseOwnershipOnAccessRevoked()] },
  // Proof of use for dispute evidence: billing's own copy of every use access reports.
  { name: 'tool-uses', subscriptions: [noteUseOnGptOpened()] },
  // A plan's new price reaches its subscribers: a notice, then the move at a later renewal.
  {
    name: 'plan-price-moves',
    subscriptions: [noticeOnPlanPriceChanged(billing), noteRenewalForPriceMove()],
  },
  // Account exports: billing's part, sealed for the export's key.
  { name: 'account-export', subscriptions: [billingExportPartOnRequested()] },
  // Access's count of each team's taken seats: a seat reduction never goes below it.
  { name: 'team-rosters', subscriptions: [noteRosterOnTeamRosterChanged()] },
];
