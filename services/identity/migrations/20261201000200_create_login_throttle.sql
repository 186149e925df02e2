-- migrate:up
-- Sign-in attempts per (account, client IP) pair, for the progressive delay (operational state,
-- not a projection). Keyed by the pair, so guesses from one client never slow the owner down
-- on another.
CREATE TABLE login_throttle (
  account text NOT NULL,
  ip text NOT NULL,
  attempts integer NOT NULL,
  last_attempt_at timestamptz(3) NOT NULL,
  PRIMARY KEY (account, ip)
);

CREATE INDEX login_throttle_last_attempt_idx ON login_throttle (last_attempt_at);

-- migrate:down
DROP TABLE login_throttle;
