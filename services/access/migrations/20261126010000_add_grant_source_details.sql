-- migrate:up
-- Grants v2 (ADR 0020): a team seat's team name (the dashboard's "Incluido en el plan de
-- {team}") and a gift's buyer, kept beside the source they describe.
ALTER TABLE access_grants ADD COLUMN team_name text;
ALTER TABLE access_grants ADD COLUMN gift_from uuid;

-- migrate:down
ALTER TABLE access_grants DROP COLUMN gift_from;
ALTER TABLE access_grants DROP COLUMN team_name;
