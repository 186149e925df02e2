-- migrate:up
-- Projection of access's entitlement events (AccessGranted/Extended/Suspended/Restored/Revoked):
-- one row per grant, so pages answer with `usable` without folding streams. Rebuilt by replay.
CREATE TABLE access_grants (
  user_id uuid NOT NULL,
  grant_id text NOT NULL,
  scope text NOT NULL,
  source_kind text NOT NULL,
  source_ref text NOT NULL,
  granted_by uuid,
  reason text,
  valid_from timestamptz(3) NOT NULL,
  valid_until timestamptz(3),
  status text NOT NULL,
  revoked_reason text,
  granted_at timestamptz(3) NOT NULL,
  updated_at timestamptz(3) NOT NULL,
  PRIMARY KEY (user_id, grant_id)
);

-- migrate:down
DROP TABLE access_grants;
