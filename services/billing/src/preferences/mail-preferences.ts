import { instantSchema, ownIdSchema } from '@mia/contracts';
import {
  defineDomainEvent,
  fold,
  readerOf,
  readEvents,
  type Decider,
  type EventOf,
  type EventStoreSession,
} from '@mia/service-kit';
import { z } from 'zod';

/**
 * Whether a user takes billing's optional mails (the trial reminder, the renewal-failed notice),
 * as access last reported it (NotificationSettingsChanged). Receipts do not ask.
 */
export const OptionalMailsNoted = defineDomainEvent(
  'OptionalMailsNoted',
  z.strictObject({ userId: ownIdSchema, allowed: z.boolean(), changedAt: instantSchema }),
);
type PreferenceEvent = EventOf<typeof OptionalMailsNoted>;

export interface NoteOptionalMails {
  userId: string;
  allowed: boolean;
  /** When the user changed it, from access's event. */
  changedAt: string;
}

export interface MailPreferences {
  /** Until access says otherwise, the spec's default: notifications on. */
  allowed: boolean;
  changedAt: string | null;
}

export const mailPreferencesStreamId = (userId: string): string => `mail-preferences-${userId}`;

/** Notes a change unless a later one is already noted (events may arrive out of order). */
export const mailPreferencesDecider: Decider<NoteOptionalMails, MailPreferences, PreferenceEvent> =
  {
    name: 'mail-preferences',
    initialState: () => ({ allowed: true, changedAt: null }),
    evolve: (_state, { data }) => ({ allowed: data.allowed, changedAt: data.changedAt }),
    decide(command, state) {
      if (state.changedAt && Date.parse(state.changedAt) >= Date.parse(command.changedAt))
        return [];
      return [{ type: 'OptionalMailsNoted', data: command }];
    },
    read: readerOf<PreferenceEvent>([OptionalMailsNoted]),
  };

/** Whether an optional mail may go to this user, read inside the sending transaction. */
export async function optionalMailsAllowed(
  session: Pick<EventStoreSession<unknown>, 'readStream'>,
  userId: string,
): Promise<boolean> {
  const stored = await session.readStream(mailPreferencesStreamId(userId));
  return fold(mailPreferencesDecider, readEvents(mailPreferencesDecider, stored)).allowed;
}
