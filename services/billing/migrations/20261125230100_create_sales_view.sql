-- migrate:up
-- The owner's sales view (GET /api/admin/metrics and the CSV exports): facts the sales
-- projection keeps from billing's own events, rebuilt by replay. Each row is keyed by what it
-- records (a payment, a refund event, a dispute, a tool and UTC day), so applying an event
-- again changes nothing; the metrics are summed from these rows when asked.

-- Every payment that succeeded: what was paid, when, for which tool or plan.
CREATE TABLE sales_payments (
  payment_id uuid PRIMARY KEY,
  user_id uuid NOT NULL,
  -- Null until the payment succeeds (a started checkout only records its discount).
  paid_at timestamptz(3),
  amount_cents integer NOT NULL DEFAULT 0 CHECK (amount_cents >= 0),
  discount_cents integer NOT NULL DEFAULT 0 CHECK (discount_cents >= 0),
  currency text NOT NULL,
  product_id text,
  subscription_id uuid,
  plan text
);
CREATE INDEX sales_payments_paid ON sales_payments (paid_at) WHERE paid_at IS NOT NULL;
CREATE INDEX sales_payments_user_paid ON sales_payments (user_id, paid_at)
  WHERE paid_at IS NOT NULL;
CREATE INDEX sales_payments_subscription_paid ON sales_payments (subscription_id, paid_at)
  WHERE subscription_id IS NOT NULL AND paid_at IS NOT NULL;

-- Every refund (one row per PaymentRefunded v2 event: a payment may be refunded in parts).
CREATE TABLE sales_refunds (
  event_id uuid PRIMARY KEY,
  payment_id uuid NOT NULL,
  refunded_at timestamptz(3) NOT NULL,
  amount_cents integer NOT NULL CHECK (amount_cents >= 0),
  product_id text
);
CREATE INDEX sales_refunds_at ON sales_refunds (refunded_at);

-- Every dispute: opened, and how and when it closed.
CREATE TABLE sales_disputes (
  dispute_id text PRIMARY KEY,
  payment_id uuid NOT NULL,
  amount_cents integer NOT NULL CHECK (amount_cents >= 0),
  opened_at timestamptz(3) NOT NULL,
  outcome text,
  closed_at timestamptz(3)
);

-- Uses of each tool per UTC day (access's GptOpened, as billing notes it: ToolUseNoted).
CREATE TABLE sales_tool_uses (
  day date NOT NULL,
  product_id text NOT NULL,
  uses integer NOT NULL CHECK (uses >= 0),
  PRIMARY KEY (day, product_id)
);

-- migrate:down
DROP TABLE sales_tool_uses;
DROP TABLE sales_disputes;
DROP TABLE sales_refunds;
DROP TABLE sales_payments;
