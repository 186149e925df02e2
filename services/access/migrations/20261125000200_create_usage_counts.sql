-- migrate:up
-- Projection of GptOpened: how often each user used each tool, and when last. Rebuilt by replay.
CREATE TABLE usage_counts (
  user_id uuid NOT NULL,
  product_id text NOT NULL,
  queries_used integer NOT NULL,
  last_accessed timestamptz(3) NOT NULL,
  PRIMARY KEY (user_id, product_id)
);

-- migrate:down
DROP TABLE usage_counts;
