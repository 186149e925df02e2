import { OAuthGrantRevokedV1, SessionsRevokedV1 } from '@mia/contracts';
import type { NatsTopology, ServiceTopology } from './nats-topology.js';
import { relativeSubject } from './nats-topology.js';
import { streamNames } from './streams.js';

/**
 * `*.`: any one-token prefix (the test harness's `t<random>.` prefixes share one server); the
 * stream names derived from it then match any stream.
 */
export const ANY_PREFIX = '*.';

/** The user that provisions streams and durables and runs operations (`parked retry`). */
export const NATS_ADMIN_USER = 'admin';

export interface NatsPermissions {
  publish: { allow: string[]; deny: string[] };
  subscribe: { allow: string[] };
}

function streamsOf(prefix: string) {
  if (prefix !== ANY_PREFIX) return streamNames(prefix);
  return { events: '*', dlq: '*' };
}

/** The subject the revocation feed (auth/revocation-feed.ts) filters on, in every service. */
export const REVOCATION_FEED_SUBJECT = relativeSubject(SessionsRevokedV1);

/**
 * The subjects broadcast feeds (auth/event-feed.ts) may filter on: revocations that every
 * verifier must know, sessions' and OAuth grants' (resource servers, ServiceDefinition.feeds).
 */
export const BROADCAST_FEED_SUBJECTS = [
  REVOCATION_FEED_SUBJECT,
  relativeSubject(OAuthGrantRevokedV1),
] as const;

/**
 * What one service's NATS user may do, derived from the topology:
 * - publish its own events (the registry's events with it as producer) and park to its own
 *   dead-letter subjects (`<prefix>dlq.<durable>.>`);
 * - check the streams exist, read and ack its own durables (created by provisioning, so it
 *   never chooses their filters), never another service's;
 * - create the broadcast feeds' ephemeral consumers, on the revocation events only (the filter
 *   is part of the create subject, so no other filter is accepted) and pull from them;
 * - receive replies on _INBOX.
 * Anything else (another service's subjects, creating or changing a durable, deleting
 * anything, stream administration) is refused by the server.
 */
export function servicePermissions(
  service: ServiceTopology,
  topology: NatsTopology,
  prefix: string,
): NatsPermissions {
  const { events, dlq } = streamsOf(prefix);
  const own = service.durables.map((d) => d.name);
  const others = topology.services
    .filter((s) => s.name !== service.name)
    .flatMap((s) => s.durables.map((d) => d.name));
  return {
    publish: {
      allow: [
        ...service.publishes.map((s) => `${prefix}${s}`),
        ...own.map((d) => `${prefix}dlq.${d}.>`),
        '$JS.API.INFO',
        `$JS.API.STREAM.INFO.${events}`,
        `$JS.API.STREAM.INFO.${dlq}`,
        ...own.flatMap((d) => [
          `$JS.API.CONSUMER.INFO.${events}.${d}`,
          `$JS.API.CONSUMER.MSG.NEXT.${events}.${d}`,
          `$JS.ACK.${events}.${d}.>`,
        ]),
        // The broadcast feeds: an ordered consumer per replica, named at random by the client.
        ...BROADCAST_FEED_SUBJECTS.map(
          (subject) => `$JS.API.CONSUMER.CREATE.${events}.*.${prefix}${subject}`,
        ),
        `$JS.API.CONSUMER.INFO.${events}.*`,
        `$JS.API.CONSUMER.MSG.NEXT.${events}.*`,
      ],
      // The feed's random names need `*` above; other services' durables stay out of reach.
      deny: others.map((d) => `$JS.API.CONSUMER.MSG.NEXT.${events}.${d}`),
    },
    subscribe: { allow: ['_INBOX.>'] },
  };
}

export interface NatsAuthorizationOptions {
  prefix: string;
  /**
   * Each user's password as it appears in the file: a quoted literal, or a variable the server
   * reads from its environment (`$BILLING_NATS_PASSWORD`).
   */
  password: (user: string) => string;
}

/** The environment variable deployments give a user's password in: `BILLING_NATS_PASSWORD`. */
export const natsPasswordVariable = (user: string) =>
  `${user.toUpperCase().replace(/[^A-Z0-9]/g, '_')}_NATS_PASSWORD`;

const list = (items: string[], indent: string) =>
  items.length === 0
    ? '[]'
    : `[\n${items.map((i) => `${indent}  ${JSON.stringify(i)}`).join(',\n')}\n${indent}]`;

/**
 * nats-server configuration (an `authorization` block, to include from the server's own
 * configuration): the admin user with every permission, and one user per service with the
 * permissions above. No user has no password, so anonymous connections are refused.
 */
export function natsAuthorization(topology: NatsTopology, options: NatsAuthorizationOptions) {
  const users = topology.services.map((service) => {
    const p = servicePermissions(service, topology, options.prefix);
    return [
      `    {`,
      `      user: ${JSON.stringify(service.name)}`,
      `      password: ${options.password(service.name)}`,
      `      permissions: {`,
      `        publish: {`,
      `          allow: ${list(p.publish.allow, '          ')}`,
      `          deny: ${list(p.publish.deny, '          ')}`,
      `        }`,
      `        subscribe: { allow: ${list(p.subscribe.allow, '        ')} }`,
      `      }`,
      `    }`,
    ].join('\n');
  });
  const admin = `    { user: ${JSON.stringify(NATS_ADMIN_USER)}, password: ${options.password(NATS_ADMIN_USER)} }`;
  return `authorization {\n  users: [\n${[admin, ...users].join('\n')}\n  ]\n}\n`;
}
