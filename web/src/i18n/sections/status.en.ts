import type { statusLiveEs } from './status.es';

/** The live status page (GET /api/status) and the staff's incident form (en). */
export const statusLiveEn: typeof statusLiveEs = {
  statusLive: {
    loading: 'Checking the services...',
    failed: 'We could not check the services right now. Please try again in a few minutes.',
    someIncident: 'Some services have an incident',
    someMaintenance: 'Some services are under maintenance',
    incidentsHeading: 'Incidents and maintenance',
    noIncidents: 'No recent incidents or maintenance.',
    types: {
      incident: 'Incident',
      maintenance: 'Maintenance',
    },
    started: (when) => `Started: ${when}`,
    resolved: (when) => `Resolved: ${when}`,
    ongoing: 'Ongoing',
    affects: (services) => `Affected services: ${services}`,
    uptimeHeading: 'Availability over the last 90 days',
    uptimeSummary: (percent) => `${percent} availability`,
    uptimeNoData: 'No data yet',
    uptimeBars: (service) => `Daily availability of ${service}, from 90 days ago to today`,
    dayAvailability: (date, percent) => `${date}: ${percent} available`,
    dayNoData: (date) => `${date}: no data`,
    ninetyDaysAgo: '90 days ago',
    today: 'Today',
    legend: {
      full: 'No interruptions',
      partial: 'Partial interruption',
      down: 'Major interruption',
      none: 'No data',
    },
  },
  incidentsAdmin: {
    title: 'Service Status: incidents',
    description:
      'Post an incident or a maintenance on the status page, and mark it resolved when it is over.',
    type: 'Type',
    titleLabel: 'Title',
    body: 'Description',
    services: 'Affected services',
    submit: 'Post',
    submitting: 'Posting...',
    posted: 'Posted on the status page',
    resolve: 'Mark as resolved',
    resolving: 'Resolving...',
    resolvedToast: 'Marked as resolved',
    open: 'Open',
    none: 'No open incidents.',
    failed: 'Could not save',
    chooseService: 'Choose at least one service',
  },
};
