-- migrate:up
-- Projection of EmailVerificationRequested / UserEmailVerified. Only the SHA-256 of a token is
-- stored: a database leak gives no usable verification link.
CREATE TABLE email_verification_tokens (
  token_hash text PRIMARY KEY CHECK (token_hash ~ '^[0-9a-f]{64}$'),
  user_id uuid NOT NULL,
  created_at timestamptz(3) NOT NULL,
  expires_at timestamptz(3) NOT NULL,
  -- Set when this token verified the address.
  used_at timestamptz(3),
  -- Set when a newer link replaced it or another link verified the address.
  voided_at timestamptz(3)
);

CREATE INDEX email_verification_tokens_user_open_idx ON email_verification_tokens (user_id)
  WHERE used_at IS NULL AND voided_at IS NULL;

-- When the user opened a verification link; null until then (every account made before this
-- migration starts unverified, as its stream has no UserEmailVerified).
ALTER TABLE users ADD COLUMN email_verified_at timestamptz(3);

-- migrate:down
ALTER TABLE users DROP COLUMN email_verified_at;
DROP TABLE email_verification_tokens;
