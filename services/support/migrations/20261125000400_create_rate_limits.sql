-- migrate:up
-- Fixed-window counters of the kit's rate limiter (tickets per user, replies per ticket), shared
-- by every support replica. Operational state, not a projection: no events, not touched by
-- replay. UNLOGGED: cheap writes; after a PostgreSQL crash the counters start again from zero,
-- which only forgives a few.
CREATE UNLOGGED TABLE rate_limits (
  key text PRIMARY KEY,
  window_started_at timestamptz(3) NOT NULL,
  hits integer NOT NULL
);

CREATE INDEX rate_limits_window_idx ON rate_limits (window_started_at);

-- migrate:down
DROP TABLE rate_limits;
