-- migrate:up
-- Projection of PasswordResetRequested / PasswordSet. Only the SHA-256 of a token is stored:
-- a database leak gives no usable reset link.
CREATE TABLE password_reset_tokens (
  token_hash text PRIMARY KEY CHECK (token_hash ~ '^[0-9a-f]{64}$'),
  user_id uuid NOT NULL,
  created_at timestamptz(3) NOT NULL,
  expires_at timestamptz(3) NOT NULL,
  -- Set when this token reset the password.
  used_at timestamptz(3),
  -- Set when the password changed another way; the token is then dead too.
  voided_at timestamptz(3)
);

CREATE INDEX password_reset_tokens_user_open_idx ON password_reset_tokens (user_id)
  WHERE used_at IS NULL AND voided_at IS NULL;

-- migrate:down
DROP TABLE password_reset_tokens;
