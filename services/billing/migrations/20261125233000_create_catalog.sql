-- migrate:up
-- The catalogue billing owns (ADR 0018), rebuilt by replaying the product and plan streams:
-- every product in any status (drafts only for the owner), in page order, and each plan's price.
CREATE TABLE catalog_products (
  product_id text PRIMARY KEY,
  -- draft, published or retired.
  status text NOT NULL CHECK (status IN ('draft', 'published', 'retired')),
  position integer NOT NULL,
  -- The whole snapshot as the events carry it (names, texts, price, image, destination).
  product jsonb NOT NULL,
  updated_at timestamptz(3) NOT NULL
);
CREATE INDEX catalog_products_position ON catalog_products (position, product_id);

CREATE TABLE catalog_plans (
  plan_type text PRIMARY KEY,
  price_cents integer NOT NULL CHECK (price_cents >= 0),
  currency text NOT NULL,
  interval text NOT NULL,
  updated_at timestamptz(3) NOT NULL
);

-- Uploaded product images, re-encoded to WebP and named by their content's hash: stored here
-- (not on a replica's disk) so every replica serves them. Not events: bytes stay out of the bus.
CREATE TABLE catalog_images (
  file text PRIMARY KEY,
  content_type text NOT NULL,
  bytes bytea NOT NULL,
  created_at timestamptz(3) NOT NULL
);

-- migrate:down
DROP TABLE catalog_images;
DROP TABLE catalog_plans;
DROP TABLE catalog_products;
