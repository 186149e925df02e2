-- migrate:up
-- The end of a past-due plan's grace window (the entitlements decider sets it when a renewal
-- fails, a paid invoice clears it). `usable` reads it as the grant's end while it is later
-- than valid_until, so the grace ends at read time, with no timer.
ALTER TABLE access_grants ADD COLUMN grace_until timestamptz(3);

-- migrate:down
ALTER TABLE access_grants DROP COLUMN grace_until;
