-- migrate:up
-- Read models of billing's own streams (customer-, payment-, subscription-, trial-): they answer
-- GET /api/billing and give fast refusals; decisions are always made on the streams themselves.
-- Rebuilt by replaying the event store.

-- What billing knows of a customer: the address for receipts, the provider's customer, the card.
CREATE TABLE customers (
  user_id uuid PRIMARY KEY,
  email text,
  name text,
  provider_customer_id text UNIQUE,
  card_brand text,
  card_last4 text,
  card_exp_month integer,
  card_exp_year integer,
  updated_at timestamptz(3) NOT NULL
);

-- Tools bought for life (released again by a full refund or a lost dispute).
CREATE TABLE owned_products (
  user_id uuid NOT NULL,
  product_id text NOT NULL,
  payment_id uuid NOT NULL,
  owned_at timestamptz(3) NOT NULL,
  PRIMARY KEY (user_id, product_id)
);

-- Every payment: tool purchases and subscription invoices, with their latest outcome.
CREATE TABLE payments (
  payment_id uuid PRIMARY KEY,
  user_id uuid NOT NULL,
  kind text NOT NULL CHECK (kind IN ('product', 'subscription')),
  product_id text,
  subscription_id uuid,
  plan text,
  amount_cents integer NOT NULL CHECK (amount_cents >= 0),
  currency text NOT NULL,
  description text NOT NULL,
  status text NOT NULL CHECK (status IN ('pending', 'succeeded', 'failed', 'refunded', 'disputed')),
  provider text,
  provider_payment_id text,
  card_brand text,
  card_last4 text,
  refunded_cents integer NOT NULL DEFAULT 0,
  failure_code text,
  failure_message text,
  receipt_url text,
  created_at timestamptz(3) NOT NULL,
  paid_at timestamptz(3),
  updated_at timestamptz(3) NOT NULL
);
CREATE INDEX payments_user_created ON payments (user_id, created_at DESC);

CREATE TABLE subscriptions (
  subscription_id uuid PRIMARY KEY,
  user_id uuid NOT NULL,
  provider_subscription_id text UNIQUE,
  plan text NOT NULL CHECK (plan IN ('monthly', 'annual')),
  status text NOT NULL,
  current_period_end timestamptz(3),
  cancel_at_period_end boolean NOT NULL DEFAULT false,
  activated_at timestamptz(3),
  ended_at timestamptz(3),
  ended_reason text,
  created_at timestamptz(3) NOT NULL,
  updated_at timestamptz(3) NOT NULL
);
CREATE INDEX subscriptions_user_created ON subscriptions (user_id, created_at DESC);

CREATE TABLE trials (
  user_id uuid PRIMARY KEY,
  trial_id uuid NOT NULL UNIQUE,
  started_at timestamptz(3) NOT NULL,
  ends_at timestamptz(3) NOT NULL,
  reminder_sent_at timestamptz(3)
);
-- The reminder sweep looks only at trials still waiting for their reminder.
CREATE INDEX trials_reminder_due ON trials (ends_at) WHERE reminder_sent_at IS NULL;

-- migrate:down
DROP TABLE trials;
DROP TABLE subscriptions;
DROP TABLE payments;
DROP TABLE owned_products;
DROP TABLE customers;
