-- migrate:up
-- The authorization server's own records (oidc-provider's models: grants, authorization codes,
-- refresh tokens, sessions, interactions, registered clients), one row per model and id, the
-- way its example adapters keep them. Operational state, not a projection: grants and tokens
-- must survive restarts and be shared by every replica. Rows past `expires_at` are never read.
CREATE TABLE oauth_models (
  model text NOT NULL,
  id text NOT NULL,
  payload jsonb NOT NULL,
  grant_id text,
  user_code text,
  uid text,
  expires_at timestamptz(3),
  consumed_at timestamptz(3),
  PRIMARY KEY (model, id)
);

CREATE INDEX oauth_models_grant_id_idx ON oauth_models (grant_id) WHERE grant_id IS NOT NULL;
CREATE INDEX oauth_models_uid_idx ON oauth_models (uid) WHERE uid IS NOT NULL;
CREATE INDEX oauth_models_user_code_idx ON oauth_models (user_code) WHERE user_code IS NOT NULL;
CREATE INDEX oauth_models_expires_at_idx ON oauth_models (expires_at);

-- Projection of OAuthConnectionMade / OAuthGrantRevoked: the user's connected apps.
CREATE TABLE oauth_connections (
  grant_id text PRIMARY KEY,
  user_id uuid NOT NULL,
  client_id text NOT NULL,
  client_name text NOT NULL,
  connected_at timestamptz(3) NOT NULL,
  revoked_at timestamptz(3),
  revoke_reason text
);

CREATE INDEX oauth_connections_user_idx ON oauth_connections (user_id, client_id);

-- When a connection last got a token (code or refresh). Operational, written as tokens are
-- issued (too frequent for events), so it is not emptied by a replay.
CREATE TABLE oauth_connection_use (
  grant_id text PRIMARY KEY,
  last_used_at timestamptz(3) NOT NULL
);

-- migrate:down
DROP TABLE oauth_connection_use;
DROP TABLE oauth_connections;
DROP TABLE oauth_models;
