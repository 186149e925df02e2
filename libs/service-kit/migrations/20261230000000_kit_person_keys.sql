-- migrate:up
-- One data key per person in every service's own schema (issue 27, crypto-shredding): personal
-- fields in events and projections are stored sealed under it. Erasure deletes the key's bytes
-- and keeps the row, so a later write for the same subject cannot make a fresh key and bring the
-- person back. Keys never leave the schema; losing this table is losing the data (docs/deploy.md).
CREATE TABLE person_keys (
  subject_id text PRIMARY KEY,
  data_key bytea,
  created_at timestamptz NOT NULL DEFAULT now(),
  erased_at timestamptz,
  CONSTRAINT person_keys_key_or_erased CHECK ((data_key IS NULL) = (erased_at IS NOT NULL))
);

-- migrate:down
DROP TABLE person_keys;
