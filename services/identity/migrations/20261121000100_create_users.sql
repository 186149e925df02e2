-- migrate:up
-- Projection of the user streams (UserRegistered, PasswordChanged...). Rebuilt by replay.
CREATE TABLE users (
  id uuid PRIMARY KEY,
  email text NOT NULL UNIQUE,
  username text NOT NULL UNIQUE,
  name text NOT NULL,
  role text NOT NULL CHECK (role IN ('user', 'admin')),
  password_hash text NOT NULL,
  created_at timestamptz(3) NOT NULL
);

-- migrate:down
DROP TABLE users;
