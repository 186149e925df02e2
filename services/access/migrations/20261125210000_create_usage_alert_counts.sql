-- migrate:up
-- Projection of GptOpened and GptAccessDenied through the GPT API (Action or MCP): each user's
-- verifications in their latest hour, which the usage alert reads. One row per user (a new hour
-- replaces the last), written by the verification's own append: no separate write per call.
CREATE TABLE usage_alert_counts (
  user_id uuid PRIMARY KEY,
  hour_start timestamptz(3) NOT NULL,
  verifications integer NOT NULL
);

-- migrate:down
DROP TABLE usage_alert_counts;
