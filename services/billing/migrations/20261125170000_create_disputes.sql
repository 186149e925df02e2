-- migrate:up
-- Disputes of billing's payments, for staff (GET /api/admin/disputes): rebuilt by replaying the
-- payment streams (PaymentDisputed, DisputeClosed v2) and the evidence submissions.
CREATE TABLE disputes (
  dispute_id text PRIMARY KEY,
  payment_id uuid NOT NULL,
  user_id uuid NOT NULL,
  reason text NOT NULL,
  inquiry boolean NOT NULL,
  amount_cents integer NOT NULL CHECK (amount_cents >= 0),
  currency text NOT NULL,
  evidence_due_by timestamptz(3),
  -- The provider's status: needs_response, under_review, warning_* or the outcome.
  status text NOT NULL,
  evidence_submitted_at timestamptz(3),
  opened_at timestamptz(3) NOT NULL,
  updated_at timestamptz(3) NOT NULL
);
CREATE INDEX disputes_open_due ON disputes (evidence_due_by)
  WHERE status NOT IN ('won', 'lost', 'warning_closed', 'prevented');

-- migrate:down
DROP TABLE disputes;
