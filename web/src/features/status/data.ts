/**
 * The status page's content. Hard-coded, as the spec describes it; `status` is typed loosely on
 * purpose because the data may come from elsewhere one day, and an unknown value must still render.
 */
export const serviceStates = ['operational', 'maintenance', 'incident'] as const;
export type ServiceState = (typeof serviceStates)[number];

export type ServiceKey = 'gptAccess' | 'authentication' | 'payments' | 'website' | 'dashboard';

export interface ServiceStatus {
  key: ServiceKey;
  status: ServiceState | (string & {});
}

export const services: readonly ServiceStatus[] = [
  { key: 'gptAccess', status: 'operational' },
  { key: 'authentication', status: 'operational' },
  { key: 'payments', status: 'operational' },
  { key: 'website', status: 'operational' },
  { key: 'dashboard', status: 'operational' },
];

/** Spec section 4: an unknown value displays as operational. */
export const displayState = (status: string): ServiceState =>
  (serviceStates as readonly string[]).includes(status) ? (status as ServiceState) : 'operational';

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
