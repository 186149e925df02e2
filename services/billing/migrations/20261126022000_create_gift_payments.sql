-- migrate:up
-- The gifts a buyer paid for (issue 25, ADR 0020), for the buyer's payment history: rebuilt by
-- replaying the gift streams. The recipient's address is shown to the buyer who typed it.
CREATE TABLE gift_payments (
  gift_id uuid PRIMARY KEY,
  buyer_id uuid NOT NULL,
  item_kind text NOT NULL,
  product_id text,
  plan text,
  recipient_email text NOT NULL,
  amount_cents integer NOT NULL CHECK (amount_cents >= 0),
  currency text NOT NULL,
  -- pending (checkout started), succeeded, refunded (in full), disputed, under_review (paid
  -- other money than started: staff decide).
  status text NOT NULL,
  refunded_cents integer NOT NULL DEFAULT 0 CHECK (refunded_cents >= 0),
  provider_payment_id text,
  card_last4 text,
  receipt_url text,
  claimed_at timestamptz(3),
  created_at timestamptz(3) NOT NULL,
  paid_at timestamptz(3),
  updated_at timestamptz(3) NOT NULL
);
CREATE INDEX gift_payments_buyer_created ON gift_payments (buyer_id, created_at DESC);

-- migrate:down
DROP TABLE gift_payments;
