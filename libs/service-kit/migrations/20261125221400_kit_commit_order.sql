-- migrate:up
-- Store order without a global append lock (ADR 0014): events sort by the appending
-- transaction's id, then global_position (the order within a transaction), and cursors read
-- only below the oldest running transaction.
-- Existing rows were appended under the per-schema lock, so their global_position already is
-- commit order: they all get transaction id 0, which sorts them before any new transaction and
-- keeps their order. Adding the column with a constant default rewrites nothing.
ALTER TABLE events ADD COLUMN transaction_id xid8 NOT NULL DEFAULT '0';
-- From now on, the appending transaction (also for a replica still on the old code).
ALTER TABLE events ALTER COLUMN transaction_id SET DEFAULT pg_current_xact_id();
CREATE INDEX events_store_order ON events (transaction_id, global_position);

-- Relay cursors: a recorded position belongs to the old rows, transaction 0.
ALTER TABLE relay_position ADD COLUMN transaction_id xid8 NOT NULL DEFAULT '0';

-- migrate:down
ALTER TABLE relay_position DROP COLUMN transaction_id;
DROP INDEX events_store_order;
ALTER TABLE events DROP COLUMN transaction_id;
