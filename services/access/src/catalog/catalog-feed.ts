import {
  backoffDelay,
  durableName,
  streamNames,
  type Logger,
  type ServiceContext,
} from '@mia/service-kit';
import pg from 'pg';
import type { PrismaClient } from '../generated/prisma/client.js';
import { catalogChannel } from './catalog-projection.js';
import type { CatalogProduct, ProductCatalog } from './product-catalog.js';

/** The consumer (integration/consumers.ts) that writes the catalogue table. */
export const CATALOG_CONSUMER = 'catalog';

export interface CatalogFeedOptions {
  catalog: ProductCatalog;
  db: PrismaClient;
  /** PostgreSQL URL (with the service's search path) for the LISTEN connection. */
  url: string;
  schema: string;
  nats: ServiceContext<never, never, never>['nats'];
  prefix: string;
  service: string;
  logger: Logger;
  /** How often the consumer's backlog is asked for at start, until it is empty. */
  pollMs?: number;
}

export interface CatalogFeed {
  stop(): Promise<void>;
}

const toProduct = (row: Awaited<ReturnType<PrismaClient['catalogProduct']['findMany']>>[number]) =>
  ({
    id: row.productId,
    name: { es: row.nameEs, en: row.nameEn },
    description: { es: row.descriptionEs, en: row.descriptionEn },
    priceCents: row.priceCents,
    currency: row.currency,
    image: row.image,
    position: row.position,
    destination: { kind: row.destinationKind, url: row.destinationUrl },
    status: row.status,
  }) as CatalogProduct;

/**
 * Keeps this replica's ProductCatalog equal to the catalogue table: a full read at start and
 * after every NOTIFY the projection sends (any replica's consumer may have written the row), and
 * after a lost LISTEN connection. The catalogue is loaded (readiness) once the catalogue's
 * durable consumer had nothing left to deliver and the table was read after that, so a replica
 * that just started never answers "unknown product" for a tool billing has already published.
 */
export async function startCatalogFeed(options: CatalogFeedOptions): Promise<CatalogFeed> {
  const { catalog, db, logger, schema } = options;
  const log = logger.child({ component: 'catalog-feed' });
  const stopping = new AbortController();
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      stopping.signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), {
        once: true,
      });
    });

  // Reloads run one after another; requests made while one waits join it.
  let chain = Promise.resolve();
  let queued: Promise<void> | null = null;
  const reload = (): Promise<void> => {
    if (queued) return queued;
    const next = chain.then(async () => {
      queued = null;
      catalog.replace((await db.catalogProduct.findMany()).map(toProduct));
    });
    queued = next;
    chain = next.catch((err: unknown) => log.warn({ err }, 'catalogue table unreadable'));
    return next;
  };

  let listener: pg.Client | undefined;
  async function listen(): Promise<void> {
    const client = new pg.Client({
      connectionString: options.url,
      application_name: `catalog:${schema}`,
      keepAlive: true,
    });
    client.on('notification', () => void reload().catch(() => undefined));
    client.on('error', (err) => {
      if (listener !== client) return;
      listener = undefined;
      log.warn({ err }, 'catalogue listener lost; reconnecting');
      client.end().catch(() => undefined);
      void reconnect();
    });
    await client.connect();
    await client.query(`LISTEN "${catalogChannel(schema)}"`);
    listener = client;
  }
  async function reconnect(): Promise<void> {
    for (let failures = 1; !stopping.signal.aborted; failures++) {
      try {
        await listen();
        // Notifications sent while no one listened are lost: read the table again.
        await reload();
        return;
      } catch (err) {
        log.warn({ err, failures }, 'catalogue listener unavailable');
        await pause(backoffDelay(failures, { initialMs: 500, maxMs: 30_000 }));
      }
    }
  }

  const { events } = streamNames(options.prefix);
  const infoSubject = `$JS.API.CONSUMER.INFO.${events}.${durableName(options.service, CATALOG_CONSUMER)}`;
  async function backlog(): Promise<number> {
    const reply = await options.nats.request(infoSubject, '', { timeout: 5_000 });
    const info = reply.json<{ num_pending?: number; num_ack_pending?: number; error?: unknown }>();
    if (info.error) throw new Error(`catalogue consumer info: ${JSON.stringify(info.error)}`);
    return (info.num_pending ?? 0) + (info.num_ack_pending ?? 0);
  }
  async function catchUp(): Promise<void> {
    for (let failures = 0; !stopping.signal.aborted;) {
      try {
        if ((await backlog()) === 0) {
          await reload();
          // Nothing delivered yet and no row: billing has not published its first catalogue
          // (it seeds on its first start). Not ready until it has, or every tool is "unknown".
          if (catalog.size > 0) {
            catalog.markLoaded();
            log.info({ products: catalog.size }, 'catalogue loaded');
            return;
          }
        }
        failures = 0;
      } catch (err) {
        failures += 1;
        log.warn({ err, failures }, 'catalogue backlog unknown; asking again');
      }
      await pause(options.pollMs ?? 100);
    }
  }

  await reconnect();
  const catchingUp = catchUp();
  return {
    async stop() {
      stopping.abort();
      await catchingUp;
      const client = listener;
      listener = undefined;
      await client?.end().catch(() => undefined);
      await chain;
    },
  };
}
