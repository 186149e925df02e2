import { statusRows } from '@mia/contracts';
import type { Clock, Logger } from '@mia/service-kit';
import type { SupportConfig } from '../config.js';
import type { SupportDb } from '../db.js';
import { probe, type ProbeTarget } from './probe.js';
import { nextProbeState, type ProbeState } from './probe-state.js';
import { rowUp, type Component } from './rows.js';
import { utcDay } from './uptime.js';

/** Key of the transaction-level advisory lock that records one replica's round at a time. */
export const STATUS_PROBE_LOCK = 'support.status-probes';
/** How long the page keeps a day of uptime. */
export const UPTIME_DAYS = 90;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface StatusProber {
  /** Probes every target once and records the round. */
  roundOnce(): Promise<void>;
  start(): void;
  stop(): Promise<void>;
}

type ProberConfig = Pick<
  SupportConfig,
  'STATUS_PROBE_INTERVAL_MS' | 'STATUS_PROBE_TIMEOUT_MS' | 'STATUS_PROBE_FAILURES'
>;

/**
 * The status page's background probes, never on a request's path. Every replica probes each
 * interval (a handful of GETs) with no transaction open; the results are then folded into
 * `status_components` and the day's uptime under an advisory lock, so rounds of several
 * replicas interleave without losing a count. More replicas only make rounds more frequent:
 * detection gets faster and availability ratios stay the same.
 */
export function createStatusProber(deps: {
  config: ProberConfig;
  targets: ReadonlyMap<Component, ProbeTarget>;
  db: SupportDb;
  clock: Clock;
  logger: Logger;
}): StatusProber {
  const { config, targets, db, clock, logger } = deps;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  let stopped = false;

  async function record(results: Map<Component, Awaited<ReturnType<typeof probe>>>) {
    const now = clock();
    await db.$transaction(async (tx) => {
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${STATUS_PROBE_LOCK}))`;
      const previous = new Map<Component, ProbeState>(
        (await tx.statusComponent.findMany()).map((row) => [row.component as Component, row]),
      );
      const health = new Map<Component, { up: boolean; checkedAt: Date }>();
      for (const [component, result] of results) {
        const before = previous.get(component);
        const next = nextProbeState(before, result, now, config.STATUS_PROBE_FAILURES);
        if (before && before.up !== next.up) {
          logger.warn(
            { component, up: next.up, problem: next.problem },
            next.up ? 'status probe: component back up' : 'status probe: component down',
          );
        }
        health.set(component, next);
        await tx.statusComponent.upsert({
          where: { component },
          create: { component, ...next },
          update: next,
        });
      }
      const day = utcDay(now);
      for (const row of statusRows) {
        const up = rowUp(row, health, now);
        if (up === null) continue;
        await tx.statusUptimeDay.upsert({
          where: { rowName_day: { rowName: row, day } },
          create: { rowName: row, day, checks: 1, up: up ? 1 : 0 },
          update: { checks: { increment: 1 }, up: { increment: up ? 1 : 0 } },
        });
      }
      await tx.statusUptimeDay.deleteMany({
        where: { day: { lt: new Date(day.getTime() - (UPTIME_DAYS - 1) * DAY_MS) } },
      });
    });
  }

  async function roundOnce() {
    if (targets.size === 0) return;
    const results = new Map(
      await Promise.all(
        [...targets].map(
          async ([component, target]) =>
            [component, await probe(target, config.STATUS_PROBE_TIMEOUT_MS)] as const,
        ),
      ),
    );
    await record(results);
  }

  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = roundOnce()
        .catch((err: unknown) => logger.error({ err }, 'status probe round failed'))
        .finally(schedule);
    }, config.STATUS_PROBE_INTERVAL_MS);
    timer.unref();
  };

  return {
    roundOnce,
    start() {
      if (targets.size === 0) {
        logger.info('status probes: no targets configured (STATUS_PROBE_*_URL)');
        return;
      }
      stopped = false;
      // A first round right away, so a fresh start has a status within one timeout.
      running = roundOnce()
        .catch((err: unknown) => logger.error({ err }, 'status probe round failed'))
        .finally(schedule);
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
