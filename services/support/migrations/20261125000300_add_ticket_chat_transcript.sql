-- migrate:up
-- The conversation a chat-opened ticket carries, as structured turns (who spoke is a field, not
-- part of the text), from ChatTranscriptAttached. Replay rebuilds it.
ALTER TABLE tickets ADD COLUMN chat_transcript jsonb;

-- migrate:down
ALTER TABLE tickets DROP COLUMN chat_transcript;
