-- migrate:up
-- Incidents and maintenances staff post on the status page, from support's IncidentPosted and
-- IncidentResolved events; replay rebuilds the table.
CREATE TABLE status_incidents (
  id uuid PRIMARY KEY,
  type text NOT NULL,
  title text NOT NULL,
  body text NOT NULL,
  -- The status page's rows it concerns (gpt-access, payments, ...).
  services jsonb NOT NULL,
  started_at timestamptz(3) NOT NULL,
  resolved_at timestamptz(3)
);
CREATE INDEX status_incidents_started_idx ON status_incidents (started_at DESC);

-- What the background probes last found for each component (identity, billing, ..., the payment
-- provider). Operational state, not a projection: no events, not touched by replay; the probing
-- replica overwrites it every round.
CREATE TABLE status_components (
  component text PRIMARY KEY,
  up boolean NOT NULL,
  consecutive_failures integer NOT NULL,
  -- When `up` last changed.
  since timestamptz(3) NOT NULL,
  checked_at timestamptz(3) NOT NULL,
  -- The last failure's reason, for operators (never sent to the browser).
  problem text
);

-- Availability per status row and day (UTC): probe rounds that found the row up out of all
-- rounds. Days older than 90 are pruned by the probing replica.
CREATE TABLE status_uptime_days (
  row_name text NOT NULL,
  day date NOT NULL,
  checks integer NOT NULL,
  up integer NOT NULL,
  PRIMARY KEY (row_name, day)
);
CREATE INDEX status_uptime_days_day_idx ON status_uptime_days (day);

-- migrate:down
DROP TABLE status_uptime_days;
DROP TABLE status_components;
DROP TABLE status_incidents;
