-- migrate:up
-- Projection of access's gift streams (ADR 0020): the buyer's list (GET /api/gifts), the sweep's
-- work list (scheduled gifts whose send_at has come) and the claim link's lookup by its hash.
CREATE TABLE gifts (
  gift_id uuid PRIMARY KEY,
  buyer_id uuid NOT NULL,
  item jsonb NOT NULL,
  recipient_email text NOT NULL,
  status text NOT NULL,
  send_at timestamptz(3) NOT NULL,
  sent_at timestamptz(3),
  claimed_at timestamptz(3),
  paid_at timestamptz(3) NOT NULL,
  -- The last link's SHA-256 (never the token; the gift's stream says whether it still works).
  token_hash text UNIQUE,
  updated_at timestamptz(3) NOT NULL
);
CREATE INDEX gifts_buyer_idx ON gifts (buyer_id, paid_at DESC);
CREATE INDEX gifts_due_idx ON gifts (status, send_at);

-- migrate:down
DROP TABLE gifts;
