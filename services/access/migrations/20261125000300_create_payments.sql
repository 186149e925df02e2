-- migrate:up
-- Projection of access's own record of billing's payment events (PaymentSucceeded/Failed/
-- Refunded, appended as domain events to the user's payments stream): the dashboard's payment
-- history. A refund may arrive before its payment, so the payment's fields are nullable until
-- it does. Rebuilt by replay.
CREATE TABLE payments (
  payment_id uuid PRIMARY KEY,
  user_id uuid NOT NULL,
  description text,
  amount_cents integer,
  currency text,
  created_at timestamptz(3),
  succeeded boolean NOT NULL,
  failed boolean NOT NULL,
  refunded_cents integer NOT NULL,
  fully_refunded boolean NOT NULL,
  updated_at timestamptz(3) NOT NULL
);

CREATE INDEX payments_user_idx ON payments (user_id, created_at DESC);

-- migrate:down
DROP TABLE payments;
