-- migrate:up
-- Mails a decision made due, written in the decision's own transaction and sent after commit by
-- the kit's mail worker, so no mail server is ever waited on while the append lock is held.
-- One row per dedupe key: the same decision taken twice (a redelivered event) queues one mail.
CREATE TABLE mail_queue (
  dedupe_key text PRIMARY KEY,
  mail jsonb NOT NULL,
  queued_at timestamptz NOT NULL DEFAULT now(),
  -- When the worker may try next (backoff after a failure).
  due_at timestamptz NOT NULL DEFAULT now(),
  attempts integer NOT NULL DEFAULT 0,
  -- A worker's claim: others skip the row until it passes (a worker that died mid-send).
  claimed_until timestamptz,
  last_error text,
  sent_at timestamptz
);
CREATE INDEX mail_queue_due ON mail_queue (due_at) WHERE sent_at IS NULL;

-- migrate:down
DROP TABLE mail_queue;
