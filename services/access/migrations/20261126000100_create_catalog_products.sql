-- migrate:up
-- Projection of access's CatalogProductRecorded (billing's ProductPublished, ProductChanged and
-- ProductRetired): the tools access names, opens and verifies. Retired rows stay, so owners keep
-- using them; drafts never reach access.
CREATE TABLE catalog_products (
  product_id text PRIMARY KEY,
  name_es text NOT NULL,
  name_en text NOT NULL,
  description_es text NOT NULL,
  description_en text NOT NULL,
  price_cents integer NOT NULL,
  currency text NOT NULL,
  image text NOT NULL,
  position integer NOT NULL,
  destination_kind text NOT NULL,
  destination_url text NOT NULL,
  status text NOT NULL,
  updated_at timestamptz(3) NOT NULL
);

-- migrate:down
DROP TABLE catalog_products;
