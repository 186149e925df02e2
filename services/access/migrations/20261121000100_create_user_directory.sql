-- migrate:up
-- Who is who, learned from identity's UserRegistered events: access needs e-mail -> user id
-- for admin grants and access verification without calling identity.
CREATE TABLE user_directory (
  user_id uuid PRIMARY KEY,
  email text NOT NULL UNIQUE,
  name text NOT NULL,
  role text NOT NULL,
  registered_at timestamptz(3) NOT NULL
);

-- migrate:down
DROP TABLE user_directory;
