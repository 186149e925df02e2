-- migrate:up
-- Subscribers told of a plan price change whose move is still to be checked with the provider
-- (the plan price move sweep's work list): rebuilt by replaying the plan-price-move streams.
CREATE TABLE plan_price_moves (
  subscription_id uuid PRIMARY KEY,
  user_id uuid NOT NULL,
  plan text NOT NULL,
  price_cents integer NOT NULL CHECK (price_cents >= 0),
  effective_from timestamptz(3) NOT NULL,
  -- To be checked with the provider (a notice, or a renewal paid while the move waited).
  due boolean NOT NULL,
  scheduled_for timestamptz(3),
  waiting_until timestamptz(3),
  updated_at timestamptz(3) NOT NULL
);
CREATE INDEX plan_price_moves_due ON plan_price_moves (updated_at) WHERE due;

-- migrate:down
DROP TABLE plan_price_moves;
