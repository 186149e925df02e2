import { UserRegisteredV1 } from '@mia/contracts';
import { on } from '@mia/service-kit';
import type { SupportTx } from '../db.js';

/** Who the customer is (name and e-mail for the console and the reply mails). */
export const recordCustomerOnUserRegistered = on<typeof UserRegisteredV1, SupportTx>(
  UserRegisteredV1,
  async (data, envelope, ctx) => {
    await ctx.sql.query(
      `INSERT INTO customers (user_id, email, name, registered_at)
       VALUES ($1::uuid, $2, $3, $4::timestamptz)
       ON CONFLICT (user_id) DO UPDATE SET email = EXCLUDED.email, name = EXCLUDED.name`,
      [data.userId, data.email.trim().toLowerCase(), data.name, envelope.occurredAt],
    );
  },
);
