import type { Projection } from '@mia/service-kit';
import type { BillingTx } from '../db.js';
import {
  PromotionCodeCreated,
  PromotionCodeDeactivated,
  PromotionCodeRedeemed,
  PromotionCodeReleased,
  promotionKey,
} from './promotion-events.js';

/** `promotion_codes`: every code, whether it is offered, and its redemptions, for the owner. */
export const promotionsProjection: Projection<BillingTx> = {
  name: 'billing-promotion-codes',
  handles: [
    PromotionCodeCreated.type,
    PromotionCodeDeactivated.type,
    PromotionCodeRedeemed.type,
    PromotionCodeReleased.type,
  ],
  async apply(event, { tx }) {
    switch (event.type) {
      case PromotionCodeCreated.type: {
        const d = PromotionCodeCreated.schema.parse(event.data);
        await tx.promotionCode.create({
          data: {
            codeKey: promotionKey(d.code),
            code: d.code,
            percentOff: d.percentOff,
            amountOffCents: d.amountOffCents,
            duration: d.duration,
            durationInMonths: d.durationInMonths,
            maxRedemptions: d.maxRedemptions,
            expiresAt: d.expiresAt ? new Date(d.expiresAt) : null,
            appliesTo: d.appliesTo,
            firstPurchaseOnly: d.firstPurchaseOnly,
            active: true,
            createdAt: new Date(d.createdAt),
          },
        });
        return;
      }
      case PromotionCodeDeactivated.type: {
        const d = PromotionCodeDeactivated.schema.parse(event.data);
        await tx.promotionCode.updateMany({
          where: { codeKey: promotionKey(d.code) },
          data: { active: false },
        });
        return;
      }
      case PromotionCodeRedeemed.type: {
        // Appended again for a payment that holds one when its price changed: one row each.
        const d = PromotionCodeRedeemed.schema.parse(event.data);
        const key = { codeKey: promotionKey(d.code), paymentId: d.paymentId };
        const fields = {
          userId: d.userId,
          amountCents: d.amountCents,
          discountCents: d.discountCents,
          redeemedAt: new Date(d.at),
        };
        await tx.promotionRedemption.upsert({
          where: { codeKey_paymentId: key },
          create: { ...key, ...fields },
          update: fields,
        });
        return;
      }
      case PromotionCodeReleased.type: {
        const d = PromotionCodeReleased.schema.parse(event.data);
        await tx.promotionRedemption.deleteMany({
          where: { codeKey: promotionKey(d.code), paymentId: d.paymentId },
        });
        return;
      }
    }
  },
  async reset({ tx }) {
    await tx.promotionRedemption.deleteMany();
    await tx.promotionCode.deleteMany();
  },
};
