import { OAuthGrantRevokedV1 } from '@mia/contracts';
import { defineDomainEvent, readerOf, type EventOf, type StoredEvent } from '@mia/service-kit';
import { z } from 'zod';

export { OAuthGrantRevokedV1 };

// A connection (an OAuth grant: one app, one user) lives in the stream `oauth-grant-<grantId>`:
// the user allowed the app (domain event, stays in identity) and, once, its revocation
// (integration event: access refuses the grant's tokens from then on).

/** The user allowed an app to check their access and count their uses (consent screen). */
export const OAuthConnectionMade = defineDomainEvent(
  'OAuthConnectionMade',
  z.object({
    grantId: z.string().min(1),
    userId: z.uuid(),
    clientId: z.string().min(1),
    /** The app's name as the consent screen showed it. */
    clientName: z.string().min(1),
    connectedAt: z.iso.datetime({ offset: true }),
  }),
);

export type ConnectionEvent =
  EventOf<typeof OAuthConnectionMade> | EventOf<typeof OAuthGrantRevokedV1>;

const definitions = [OAuthConnectionMade, OAuthGrantRevokedV1];
export const readConnectionEvent: (event: StoredEvent) => ConnectionEvent | undefined =
  readerOf<ConnectionEvent>(definitions);

export const connectionStreamId = (grantId: string): string => `oauth-grant-${grantId}`;
