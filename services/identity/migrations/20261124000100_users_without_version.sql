-- migrate:up
-- Commands decide from the folded user stream (`user-<id>`), so the users projection no longer
-- keeps the stream's version beside each row.
ALTER TABLE users DROP COLUMN version;

-- migrate:down
-- The old code expected the stream version here: run `replay` after migrating down.
ALTER TABLE users ADD COLUMN version integer NOT NULL DEFAULT 0;
