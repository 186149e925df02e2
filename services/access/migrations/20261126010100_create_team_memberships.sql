-- migrate:up
-- Who owns and who holds a seat in each church's team (ADR 0020), from the team streams:
-- GET /api/teams lists a user's teams from here; everything else reads the team's stream.
CREATE TABLE team_memberships (
  team_id uuid NOT NULL,
  user_id uuid NOT NULL,
  -- `owner` (bought the plan) or `member` (accepted an invitation; an owner may be both)
  role text NOT NULL,
  joined_at timestamptz(3) NOT NULL,
  PRIMARY KEY (team_id, user_id, role)
);
CREATE INDEX team_memberships_user ON team_memberships (user_id);

-- migrate:down
DROP TABLE team_memberships;
