-- migrate:up
-- billing's catalogue as support knows it (ProductPublished, ProductChanged, ProductRetired):
-- the tools the chat describes and the names of what customers own. Each event carries the
-- whole product; the snapshot and the status each keep their newest write (billing's instants),
-- so the events may arrive in any order. Only the catalogue consumer writes it (reprocess).
CREATE TABLE catalog_products (
  product_id text PRIMARY KEY,
  -- null until a snapshot arrives (a retirement read first)
  product jsonb,
  product_at timestamptz(3),
  status text NOT NULL,
  status_at timestamptz(3) NOT NULL
);

-- migrate:down
DROP TABLE catalog_products;
