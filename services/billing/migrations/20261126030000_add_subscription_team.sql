-- migrate:up
-- A church's team plan (ADR 0020) is a subscription with a team: the overview shows the buyer's
-- own plan only, and a team's receipts and history name the team and its seats.
ALTER TABLE subscriptions ADD COLUMN team_id uuid;
ALTER TABLE subscriptions ADD COLUMN team_name text;
ALTER TABLE subscriptions ADD COLUMN seats integer;
CREATE UNIQUE INDEX subscriptions_team ON subscriptions (team_id);

-- migrate:down
DROP INDEX subscriptions_team;
ALTER TABLE subscriptions DROP COLUMN seats;
ALTER TABLE subscriptions DROP COLUMN team_name;
ALTER TABLE subscriptions DROP COLUMN team_id;
