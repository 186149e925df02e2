import { catalogResponseSchema, type CatalogResponse } from '@mia/contracts';
import type { Logger } from '@mia/service-kit';

/** One answer of billing's GET /api/catalog: a new copy, or "yours is still current" (304). */
export type CatalogFetchResult =
  | { readonly status: 200; readonly etag: string | undefined; readonly body: unknown }
  | { readonly status: 304 };

/** Asks billing once; `etag` goes out as If-None-Match. Throws when billing cannot answer. */
export type FetchCatalog = (etag: string | undefined) => Promise<CatalogFetchResult>;

export interface CatalogCopy {
  readonly catalog: CatalogResponse;
  /** Billing's ETag of this copy ('' when it sent none): names the version for the page cache. */
  readonly etag: string;
}

export interface LandingCatalog {
  /**
   * The copy to render the landing page from: fresh or being revalidated in the background, the
   * last good one while billing is down, or undefined when none was ever fetched (then the first
   * call waits at most `firstWaitMs` for billing).
   */
  current(): Promise<CatalogCopy | undefined>;
}

export interface LandingCatalogOptions {
  readonly fetchCatalog: FetchCatalog;
  readonly logger: Logger;
  readonly now?: () => number;
  /** How long a copy is used without asking billing again (billing says max-age=60). */
  readonly freshMs?: number;
  /** After a failed attempt, how long before the next one (billing down: no request storm). */
  readonly retryMs?: number;
  /** How long a page waits for the very first copy before it is served without one. */
  readonly firstWaitMs?: number;
}

/**
 * The gateway's copy of the public catalogue for the landing page. The gateway has no database:
 * it keeps billing's last good answer in memory, revalidates it with If-None-Match once it is
 * older than `freshMs` (stale-while-revalidate: the page never waits for that), and keeps serving
 * it while billing is down. Concurrent pages share one request to billing.
 */
export function createLandingCatalog(options: LandingCatalogOptions): LandingCatalog {
  const now = options.now ?? Date.now;
  const freshMs = options.freshMs ?? 60_000;
  const retryMs = options.retryMs ?? 5_000;
  const firstWaitMs = options.firstWaitMs ?? 1_000;
  let copy: CatalogCopy | undefined;
  let nextCheckAt = 0;
  let inFlight: Promise<void> | undefined;

  const refresh = async (): Promise<void> => {
    try {
      const answer = await options.fetchCatalog(copy?.etag || undefined);
      if (answer.status === 304) {
        if (!copy) throw new Error('304 without a copy to keep');
      } else {
        const parsed = catalogResponseSchema.safeParse(answer.body);
        if (!parsed.success) throw new Error(`invalid catalogue: ${parsed.error.message}`);
        copy = { catalog: parsed.data, etag: answer.etag ?? '' };
      }
      nextCheckAt = now() + freshMs;
    } catch (err) {
      nextCheckAt = now() + retryMs;
      options.logger.warn(
        { err, hasCopy: copy !== undefined },
        copy
          ? 'catalogue not refreshed: the landing page keeps the last good copy'
          : 'catalogue unavailable: the landing page is served without its tools',
      );
    }
  };

  const startRefresh = (): Promise<void> => {
    inFlight ??= refresh().finally(() => {
      inFlight = undefined;
    });
    return inFlight;
  };

  return {
    async current() {
      if (now() >= nextCheckAt) {
        const pending = startRefresh();
        if (!copy) {
          let timer: NodeJS.Timeout | undefined;
          const timeout = new Promise<void>((resolve) => {
            timer = setTimeout(resolve, firstWaitMs);
          });
          await Promise.race([pending, timeout]);
          clearTimeout(timer);
        }
      }
      return copy;
    },
  };
}

/** Billing's GET /api/catalog over HTTP, bounded by `timeoutMs`. */
export function httpCatalogFetcher(baseUrl: () => string, timeoutMs: number): FetchCatalog {
  return async (etag) => {
    const response = await fetch(new URL('/api/catalog', baseUrl()), {
      headers: { accept: 'application/json', ...(etag ? { 'if-none-match': etag } : {}) },
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (response.status === 304) return { status: 304 };
    if (response.status !== 200) {
      await response.body?.cancel();
      throw new Error(`billing answered ${response.status}`);
    }
    return {
      status: 200,
      etag: response.headers.get('etag') ?? undefined,
      body: (await response.json()) as unknown,
    };
  };
}
