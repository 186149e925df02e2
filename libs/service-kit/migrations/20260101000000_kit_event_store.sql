-- migrate:up
-- Tables of the shared service kit, created in each service's own schema (search_path).

-- Append-only event store; also the transactional outbox read by the relay.
-- Appends are serialised per schema (advisory lock), so global_position follows commit order
-- and the relay can never skip an event committed late with a lower position.
CREATE TABLE events (
  global_position bigserial PRIMARY KEY,
  stream_id text NOT NULL,
  version integer NOT NULL CHECK (version > 0),
  id uuid NOT NULL,
  type text NOT NULL,
  event_version integer NOT NULL CHECK (event_version > 0),
  data jsonb NOT NULL,
  metadata jsonb NOT NULL,
  occurred_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT events_id_key UNIQUE (id),
  CONSTRAINT events_stream_version_key UNIQUE (stream_id, version)
);

-- How far each relay has published (last global_position acknowledged by the broker).
CREATE TABLE relay_position (
  publisher text PRIMARY KEY,
  position bigint NOT NULL DEFAULT 0,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Events already handled by each consumer; the row is written in the handler's transaction.
CREATE TABLE inbox (
  consumer text NOT NULL,
  event_id uuid NOT NULL,
  processed_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (consumer, event_id)
);

-- Dead letters: messages a consumer gave up on, kept for inspection and manual replay.
CREATE TABLE parked_events (
  id bigserial PRIMARY KEY,
  consumer text NOT NULL,
  -- Event id, or `seq:<stream sequence>` when the message was not a valid envelope.
  message_key text NOT NULL,
  event_id uuid,
  event_type text,
  subject text NOT NULL,
  payload text NOT NULL,
  error text NOT NULL,
  deliveries integer NOT NULL,
  parked_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT parked_events_consumer_message_key UNIQUE (consumer, message_key)
);

-- migrate:down
DROP TABLE parked_events;
DROP TABLE inbox;
DROP TABLE relay_position;
DROP TABLE events;
