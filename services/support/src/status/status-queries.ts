import {
  statusRows,
  type Incident,
  type IncidentType,
  type StatusResponse,
  type StatusRow,
} from '@mia/contracts';
import type { SupportConfig } from '../config.js';
import type { SupportDb } from '../db.js';
import { UPTIME_DAYS } from './prober.js';
import { rowStatus, rowUp, type Component, type ComponentHealth } from './rows.js';
import { uptimeDays, utcDay } from './uptime.js';

/** Resolved incidents stay on the page this long, so visitors see what happened. */
export const RESOLVED_SHOWN_MS = 7 * 24 * 60 * 60 * 1000;
const INCIDENTS_SHOWN = 20;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The jsonb `services` column: the rows an incident names (written from a validated event). */
const rowsOf = (value: unknown): StatusRow[] =>
  Array.isArray(value) ? (value.filter((v) => typeof v === 'string') as StatusRow[]) : [];

export function incidentView(row: {
  id: string;
  type: string;
  title: string;
  body: string;
  services: unknown;
  startedAt: Date;
  resolvedAt: Date | null;
}): Incident {
  return {
    id: row.id,
    type: row.type as IncidentType,
    title: row.title,
    body: row.body,
    services: rowsOf(row.services),
    startedAt: row.startedAt.toISOString(),
    ...(row.resolvedAt ? { resolvedAt: row.resolvedAt.toISOString() } : {}),
  };
}

/**
 * GET /api/status: reads what the probes and staff recorded; never probes itself. A probe
 * round older than three intervals (every replica's prober stopped) no longer counts, so a
 * stale "down" cannot stick and a stale "up" cannot hide anything for long.
 */
export async function readStatus(
  db: SupportDb,
  now: Date,
  config: Pick<SupportConfig, 'STATUS_PROBE_INTERVAL_MS' | 'STATUS_PROBE_TIMEOUT_MS'>,
): Promise<StatusResponse> {
  const firstDay = new Date(utcDay(now).getTime() - (UPTIME_DAYS - 1) * DAY_MS);
  const [components, incidents, days] = await Promise.all([
    db.statusComponent.findMany(),
    db.statusIncident.findMany({
      where: {
        OR: [
          { resolvedAt: null },
          { resolvedAt: { gte: new Date(now.getTime() - RESOLVED_SHOWN_MS) } },
        ],
      },
      orderBy: { startedAt: 'desc' },
      take: INCIDENTS_SHOWN,
    }),
    db.statusUptimeDay.findMany({ where: { day: { gte: firstDay } } }),
  ]);

  const freshAfter = new Date(
    now.getTime() - 3 * config.STATUS_PROBE_INTERVAL_MS - config.STATUS_PROBE_TIMEOUT_MS,
  );
  const health = new Map<Component, ComponentHealth>(
    components.map((c) => [c.component as Component, { up: c.up, checkedAt: c.checkedAt }]),
  );
  const open = incidents
    .filter((i) => i.resolvedAt === null)
    .map((i) => ({ type: i.type as IncidentType, services: rowsOf(i.services) }));
  const lastRound = components.reduce<Date | null>(
    (latest, c) => (!latest || c.checkedAt > latest ? c.checkedAt : latest),
    null,
  );

  return {
    updatedAt: (lastRound && lastRound >= freshAfter ? lastRound : now).toISOString(),
    services: statusRows.map((name) => ({
      name,
      status: rowStatus(name, rowUp(name, health, freshAfter), open),
    })),
    incidents: incidents.map(incidentView),
    uptime: statusRows.map((name) => ({
      name,
      days: uptimeDays(
        days.filter((d) => d.rowName === name),
        now,
        UPTIME_DAYS,
      ),
    })),
  };
}

/** Incidents not resolved yet, newest first (staff's list). */
export async function openIncidents(db: SupportDb): Promise<Incident[]> {
  const rows = await db.statusIncident.findMany({
    where: { resolvedAt: null },
    orderBy: { startedAt: 'desc' },
  });
  return rows.map(incidentView);
}
