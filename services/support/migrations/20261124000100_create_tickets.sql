-- migrate:up
-- Readable ticket numbers people quote ("ticket 1001"). Read before deciding and carried in the
-- command, so the decider stays pure; a refused command leaves a gap, which is harmless.
CREATE SEQUENCE ticket_numbers START WITH 1001;

-- Tickets as support's own events (TicketOpened, TicketStatusChanged, ...) leave them; replay
-- rebuilds both tables.
CREATE TABLE tickets (
  id uuid PRIMARY KEY,
  ticket_number integer NOT NULL UNIQUE,
  user_id uuid NOT NULL,
  title text NOT NULL,
  description text NOT NULL,
  category_id text NOT NULL,
  priority text NOT NULL,
  status text NOT NULL,
  source text NOT NULL,
  linked_ticket_id uuid,
  -- The language the customer last wrote in: staff replies are mailed in it.
  language text NOT NULL,
  created_at timestamptz(3) NOT NULL,
  updated_at timestamptz(3) NOT NULL,
  resolved_at timestamptz(3),
  -- Last message the customer can see (theirs or staff's): the 7 quiet days count from it.
  last_public_message_at timestamptz(3)
);
CREATE INDEX tickets_user_created_idx ON tickets (user_id, created_at DESC);
CREATE INDEX tickets_status_updated_idx ON tickets (status, updated_at DESC);

CREATE TABLE ticket_messages (
  id uuid PRIMARY KEY,
  ticket_id uuid NOT NULL REFERENCES tickets (id) ON DELETE CASCADE,
  author text NOT NULL,
  author_id uuid,
  body text NOT NULL,
  internal boolean NOT NULL,
  created_at timestamptz(3) NOT NULL
);
CREATE INDEX ticket_messages_ticket_idx ON ticket_messages (ticket_id, created_at);

-- migrate:down
DROP TABLE ticket_messages;
DROP TABLE tickets;
DROP SEQUENCE ticket_numbers;
