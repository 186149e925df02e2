-- migrate:up
-- What support knows of a customer, learned from identity's, access's and billing's events by
-- the `customer-context` consumer (reprocess rebuilds it). Events of different streams arrive
-- in any order, so every row can be created by whichever event comes first and columns fill in
-- as the others arrive.

CREATE TABLE customers (
  user_id uuid PRIMARY KEY,
  email text NOT NULL,
  name text NOT NULL,
  registered_at timestamptz(3) NOT NULL
);

CREATE TABLE customer_grants (
  grant_id text PRIMARY KEY,
  user_id uuid NOT NULL,
  -- NULL until AccessGranted arrives (its revocation may come first).
  scope text,
  source_kind text,
  source_ref text,
  valid_from timestamptz(3),
  valid_until timestamptz(3),
  -- active | suspended | revoked; revoked is final.
  state text NOT NULL,
  revoke_reason text,
  -- access's stream version of the last state change, so a late suspend/restore loses.
  state_version integer NOT NULL DEFAULT 0,
  updated_at timestamptz(3) NOT NULL
);
CREATE INDEX customer_grants_user_idx ON customer_grants (user_id);

CREATE TABLE customer_payments (
  payment_id uuid PRIMARY KEY,
  user_id uuid NOT NULL,
  purpose_kind text,
  product_id text,
  plan text,
  amount_cents integer,
  currency text,
  description text,
  paid_at timestamptz(3),
  failed_at timestamptz(3),
  failure_code text,
  failure_message text,
  refunded_cents integer NOT NULL DEFAULT 0,
  fully_refunded boolean NOT NULL DEFAULT false,
  refunded_at timestamptz(3),
  -- open | won | lost
  dispute_status text,
  updated_at timestamptz(3) NOT NULL
);
CREATE INDEX customer_payments_user_idx ON customer_payments (user_id);

CREATE TABLE customer_subscriptions (
  subscription_id uuid PRIMARY KEY,
  user_id uuid NOT NULL,
  plan text,
  status text,
  cancel_at_period_end boolean NOT NULL DEFAULT false,
  current_period_end timestamptz(3),
  ended_at timestamptz(3),
  end_reason text,
  -- billing's stream version of the last change applied (the newest wins).
  source_version integer NOT NULL DEFAULT 0,
  updated_at timestamptz(3) NOT NULL
);
CREATE INDEX customer_subscriptions_user_idx ON customer_subscriptions (user_id);

CREATE TABLE customer_trials (
  trial_id uuid PRIMARY KEY,
  user_id uuid NOT NULL,
  started_at timestamptz(3) NOT NULL,
  ends_at timestamptz(3) NOT NULL
);
CREATE INDEX customer_trials_user_idx ON customer_trials (user_id);

-- migrate:down
DROP TABLE customer_trials;
DROP TABLE customer_subscriptions;
DROP TABLE customer_payments;
DROP TABLE customer_grants;
DROP TABLE customers;
