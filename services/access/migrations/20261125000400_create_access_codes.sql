-- migrate:up
-- Each user's personal access code (the "código MIA"). State, not a projection: the code never
-- enters an event. `code_hash` is an HMAC of the normalised code (lookups); `code_ciphertext`
-- is the code under AES-256-GCM so only its owner's endpoint can show it again. Both keys
-- derive from ACCESS_CODE_SECRET. Rotation replaces the row, so the old code stops at once.
CREATE TABLE access_codes (
  user_id uuid PRIMARY KEY,
  code_hash text NOT NULL UNIQUE,
  code_ciphertext text NOT NULL,
  issued_at timestamptz(3) NOT NULL
);

-- migrate:down
DROP TABLE access_codes;
