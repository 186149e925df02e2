-- migrate:up
-- Whether sign-in asks for a second factor (TwoFactorEnabled / TwoFactorDisabled): the user
-- object tells the web, and the admin panel, without folding the stream. The secret and the
-- recovery codes stay in the user's stream, never in a read model.
ALTER TABLE users ADD COLUMN two_factor_enabled boolean NOT NULL DEFAULT false;

-- migrate:down
ALTER TABLE users DROP COLUMN two_factor_enabled;
