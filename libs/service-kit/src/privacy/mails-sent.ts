import type { Sql } from '../db/sql.js';

/** A mail the service queued for the person: what and when, never the link or code it carried. */
export interface MailSent {
  subject: string;
  queuedAt: Date;
  sentAt: Date | null;
}

/**
 * The mails the kit's queue holds for `email` (the service's own schema: connections run with
 * its search_path). Bodies stay out: they may hold links that still work.
 */
export async function mailsSentTo(sql: Sql, email: string | null | undefined): Promise<MailSent[]> {
  if (!email) return [];
  const rows = await sql.query<{ subject: string; queued_at: Date; sent_at: Date | null }>(
    `SELECT mail->>'subject' AS subject, queued_at, sent_at FROM mail_queue
     WHERE lower(mail->>'to') = lower($1) ORDER BY queued_at`,
    [email],
  );
  return rows.map((r) => ({ subject: r.subject, queuedAt: r.queued_at, sentAt: r.sent_at }));
}

/** A stream's events as an export lists them: what happened and when. */
export const eventsForExport = (
  events: readonly { type: string; occurredAt: string; data: unknown }[],
  withData: (type: string) => boolean = () => true,
) =>
  events.map((e) => ({
    type: e.type,
    at: e.occurredAt,
    ...(withData(e.type) ? { data: e.data } : {}),
  }));
