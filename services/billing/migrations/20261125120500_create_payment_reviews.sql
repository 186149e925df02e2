-- migrate:up
-- Payments the provider reported paid for other money than their checkout started with
-- (PaymentMismatched): nothing was granted; staff refund or grant by hand. Rebuilt by replay.
CREATE TABLE payment_reviews (
  payment_id uuid PRIMARY KEY,
  user_id uuid NOT NULL,
  kind text NOT NULL,
  product_id text,
  description text NOT NULL,
  expected_cents integer NOT NULL,
  expected_currency text NOT NULL,
  paid_cents integer NOT NULL,
  paid_currency text NOT NULL,
  provider text NOT NULL,
  provider_payment_id text NOT NULL,
  paid_at timestamptz(3) NOT NULL,
  detected_at timestamptz(3) NOT NULL
);
CREATE INDEX payment_reviews_detected ON payment_reviews (detected_at DESC);

-- migrate:down
DROP TABLE payment_reviews;
