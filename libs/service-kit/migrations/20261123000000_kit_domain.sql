-- migrate:up
-- Inbox and parking keyed by text, so provider ids (Stripe's `evt_...`) key idempotency the
-- same way our event uuids do.
ALTER TABLE inbox ALTER COLUMN event_id TYPE text USING event_id::text;
ALTER TABLE parked_events ALTER COLUMN event_id TYPE text USING event_id::text;
ALTER TABLE parked_events ADD COLUMN redriven_at timestamptz;

-- The newest stream version each consumer has applied per source stream: lets a reaction or a
-- projection tell a late event from a newer one, across replicas (the row lock serialises them).
CREATE TABLE stream_positions (
  consumer text NOT NULL,
  stream_id text NOT NULL,
  version integer NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (consumer, stream_id)
);

-- A cache of folded aggregate state for long streams; derived, safe to delete at any time.
CREATE TABLE snapshots (
  stream_id text NOT NULL,
  decider text NOT NULL,
  decider_version integer NOT NULL,
  stream_version integer NOT NULL,
  state jsonb NOT NULL,
  taken_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (stream_id, decider)
);

-- migrate:down
DROP TABLE snapshots;
DROP TABLE stream_positions;
ALTER TABLE parked_events DROP COLUMN redriven_at;
ALTER TABLE parked_events ALTER COLUMN event_id TYPE uuid USING event_id::uuid;
ALTER TABLE inbox ALTER COLUMN event_id TYPE uuid USING event_id::uuid;
