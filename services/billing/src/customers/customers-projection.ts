import type { Projection } from '@mia/service-kit';
import type { BillingTx } from '../db.js';
import {
  CardSaved,
  CustomerProfileRecorded,
  ProductOwned,
  ProductReleased,
  ProviderCustomerLinked,
} from './customer-events.js';

/** `customers` (address, provider customer, card) and `owned_products`, from customer streams. */
export const customersProjection: Projection<BillingTx> = {
  name: 'billing-customers',
  handles: [
    CustomerProfileRecorded.type,
    ProviderCustomerLinked.type,
    CardSaved.type,
    ProductOwned.type,
    ProductReleased.type,
  ],
  async apply(event, { tx }) {
    const at = new Date(event.occurredAt);
    const upsert = (userId: string, fields: Record<string, unknown>) =>
      tx.customer.upsert({
        where: { userId },
        create: { userId, ...fields, updatedAt: at },
        update: { ...fields, updatedAt: at },
      });
    switch (event.type) {
      case CustomerProfileRecorded.type: {
        const { userId, email, name } = CustomerProfileRecorded.schema.parse(event.data);
        await upsert(userId, { email, name });
        return;
      }
      case ProviderCustomerLinked.type: {
        const { userId, providerCustomerId } = ProviderCustomerLinked.schema.parse(event.data);
        await upsert(userId, { providerCustomerId });
        return;
      }
      case CardSaved.type: {
        const { userId, brand, last4, expMonth, expYear } = CardSaved.schema.parse(event.data);
        await upsert(userId, {
          cardBrand: brand,
          cardLast4: last4,
          cardExpMonth: expMonth,
          cardExpYear: expYear,
        });
        return;
      }
      case ProductOwned.type: {
        const { userId, productId, paymentId } = ProductOwned.schema.parse(event.data);
        await tx.ownedProduct.upsert({
          where: { userId_productId: { userId, productId } },
          create: { userId, productId, paymentId, ownedAt: at },
          update: { paymentId, ownedAt: at },
        });
        return;
      }
      case ProductReleased.type: {
        const { userId, productId, paymentId } = ProductReleased.schema.parse(event.data);
        await tx.ownedProduct.deleteMany({ where: { userId, productId, paymentId } });
        return;
      }
    }
  },
  async reset({ tx }) {
    await tx.ownedProduct.deleteMany();
    await tx.customer.deleteMany();
  },
};
