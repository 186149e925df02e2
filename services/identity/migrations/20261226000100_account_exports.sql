-- migrate:up
-- Account exports (privacy). An export's private key and the language of its mail, written
-- before AccountExportRequested is appended; deleted when the export is downloaded or expires,
-- which makes every sealed part of it unreadable for good.
CREATE TABLE account_export_secrets (
  export_id uuid PRIMARY KEY,
  user_id uuid NOT NULL,
  private_key text NOT NULL,
  language text NOT NULL,
  created_at timestamptz(3) NOT NULL
);

-- Projection of AccountExportRequested, then operational: when every part was in (ready), until
-- when it may be downloaded, and the one download.
CREATE TABLE account_exports (
  id uuid PRIMARY KEY,
  user_id uuid NOT NULL,
  requested_at timestamptz(3) NOT NULL,
  deadline timestamptz(3) NOT NULL,
  ready_at timestamptz(3),
  expires_at timestamptz(3),
  downloaded_at timestamptz(3)
);
CREATE INDEX account_exports_user ON account_exports (user_id);

-- Each service's part, still sealed for the export's key (consumer-fed).
CREATE TABLE account_export_parts (
  export_id uuid NOT NULL,
  service text NOT NULL,
  part jsonb NOT NULL,
  schema_version integer NOT NULL,
  received_at timestamptz(3) NOT NULL,
  PRIMARY KEY (export_id, service)
);

-- migrate:down
DROP TABLE account_export_parts;
DROP TABLE account_exports;
DROP TABLE account_export_secrets;
