/**
 * The status page's content. The services' states come from GET /api/status (support's probes
 * and staff's incidents); `status` stays typed loosely because an unknown value must still
 * render, as operational (spec section 4). Announcements and metrics stay as the spec has them.
 */
export const serviceStates = ['operational', 'maintenance', 'incident'] as const;
export type ServiceState = (typeof serviceStates)[number];

export type ServiceKey = 'gptAccess' | 'authentication' | 'payments' | 'website' | 'dashboard';

export interface ServiceStatus {
  key: ServiceKey;
  status: ServiceState | (string & {});
}

/** The spec's five services, in its order, and the row name each has in GET /api/status. */
export const serviceRows: ReadonlyArray<{ key: ServiceKey; name: string }> = [
  { key: 'gptAccess', name: 'gpt-access' },
  { key: 'authentication', name: 'authentication' },
  { key: 'payments', name: 'payments' },
  { key: 'website', name: 'website' },
  { key: 'dashboard', name: 'dashboard' },
];

/** Spec section 4: an unknown value displays as operational. */
export const displayState = (status: string): ServiceState =>
  (serviceStates as readonly string[]).includes(status) ? (status as ServiceState) : 'operational';

/**
 * The five rows from the answer's `services`: always the spec's five in its order; a row the
 * answer leaves out or names in a way this build does not know is operational, and rows this
 * build does not know are not shown.
 */
export const servicesFromAnswer = (
  answer: ReadonlyArray<{ name: string; status: string }>,
): ServiceStatus[] =>
  serviceRows.map(({ key, name }) => ({
    key,
    status: answer.find((row) => row.name === name)?.status ?? 'operational',
  }));

/** The key of a row name from the answer (incidents name rows), or undefined for an unknown one. */
export const serviceKeyOf = (name: string): ServiceKey | undefined =>
  serviceRows.find((row) => row.name === name)?.key;

/** The banner: all operational, else the worst state any row is in. */
export const overallState = (services: readonly ServiceStatus[]): ServiceState => {
  const states = services.map((s) => displayState(s.status));
  if (states.includes('incident')) return 'incident';
  if (states.includes('maintenance')) return 'maintenance';
  return 'operational';
};

/** How a day's bar looks: none (no probes), full (no failed round), partial, or down. */
export type DayLook = 'none' | 'full' | 'partial' | 'down';
export const dayLook = (availability: number | null): DayLook => {
  if (availability === null) return 'none';
  if (availability >= 0.999) return 'full';
  if (availability >= 0.95) return 'partial';
  return 'down';
};

/** The mean availability of the days that have probes; null when none has. */
export const meanAvailability = (
  days: ReadonlyArray<{ availability: number | null }>,
): number | null => {
  const known = days.flatMap((d) => (d.availability === null ? [] : [d.availability]));
  return known.length === 0 ? null : known.reduce((a, b) => a + b, 0) / known.length;
};

export type AnnouncementType = 'new-feature' | 'coming-soon';
export type AnnouncementKey = 'supportAssistant' | 'expandedCatalogue' | 'notificationSettings';

export interface Announcement {
  id: string;
  key: AnnouncementKey;
  type: AnnouncementType;
  date: string;
  icon: 'sparkles' | 'book' | 'bell';
}

export const announcements: readonly Announcement[] = [
  {
    id: 'support-assistant',
    key: 'supportAssistant',
    type: 'new-feature',
    date: '2026-11-15',
    icon: 'sparkles',
  },
  {
    id: 'expanded-catalogue',
    key: 'expandedCatalogue',
    type: 'new-feature',
    date: '2026-11-01',
    icon: 'book',
  },
  {
    id: 'notification-settings',
    key: 'notificationSettings',
    type: 'coming-soon',
    date: '2026-12-15',
    icon: 'bell',
  },
];

export const metrics = { uptimePercent: 99.9, successfulPaymentsPercent: 100 } as const;
