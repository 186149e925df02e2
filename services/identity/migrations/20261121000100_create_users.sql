-- migrate:up
-- Projection of the user streams (`user-<id>`): rebuilt by replaying the event store.
CREATE TABLE users (
  id uuid PRIMARY KEY,
  -- Stored trimmed and lower-case, so equality is the case-insensitive comparison.
  email text NOT NULL CHECK (email = lower(btrim(email))),
  username text NOT NULL,
  name text NOT NULL,
  role text NOT NULL CHECK (role IN ('user', 'admin')),
  -- bcrypt hash; null until the PasswordSet event that follows UserRegistered.
  password_hash text,
  -- Version of the user's stream this row reflects: the expected version of the next append.
  version integer NOT NULL,
  created_at timestamptz(3) NOT NULL,
  updated_at timestamptz(3) NOT NULL,
  CONSTRAINT users_email_key UNIQUE (email)
);

-- Usernames are unique whatever their case ("Ana" and "ana" are one name).
CREATE UNIQUE INDEX users_username_key ON users (lower(username));

-- migrate:down
DROP TABLE users;
