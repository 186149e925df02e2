-- migrate:up
-- Projection of SessionStarted / SessionsRevoked: which login sessions are still alive.
-- No foreign key to users: projections are reset and rebuilt independently on replay.
CREATE TABLE sessions (
  id uuid PRIMARY KEY,
  user_id uuid NOT NULL,
  started_at timestamptz(3) NOT NULL,
  -- Absolute end of the session (auth time + SESSION_ABSOLUTE_HOURS); refreshes never pass it.
  expires_at timestamptz(3) NOT NULL,
  ended_at timestamptz(3),
  end_reason text
);

CREATE INDEX sessions_user_alive_idx ON sessions (user_id) WHERE ended_at IS NULL;

-- migrate:down
DROP TABLE sessions;
