-- migrate:up
-- The owner's promotion codes and how many checkouts took each (GET /api/admin/promotion-codes):
-- rebuilt by replaying the promotion streams.
CREATE TABLE promotion_codes (
  code_key text PRIMARY KEY,
  code text NOT NULL,
  percent_off integer,
  amount_off_cents integer,
  duration text NOT NULL,
  duration_in_months integer,
  max_redemptions integer,
  expires_at timestamptz(3),
  applies_to text NOT NULL,
  first_purchase_only boolean NOT NULL,
  active boolean NOT NULL,
  created_at timestamptz(3) NOT NULL
);

-- The checkouts holding a redemption of a code (one per payment; given back when released).
CREATE TABLE promotion_redemptions (
  code_key text NOT NULL,
  payment_id text NOT NULL,
  user_id uuid NOT NULL,
  amount_cents integer NOT NULL,
  discount_cents integer NOT NULL,
  redeemed_at timestamptz(3) NOT NULL,
  PRIMARY KEY (code_key, payment_id)
);

-- migrate:down
DROP TABLE promotion_redemptions;
DROP TABLE promotion_codes;
