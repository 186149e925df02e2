/**
 * The usage-alert rule: the verification that takes the hour's count just past the threshold
 * alerts, once per hour window, and only a user who turned usage alerts on.
 */
export const usageAlertDue = (hits: number, threshold: number, alertsOn: boolean): boolean =>
  alertsOn && hits === threshold + 1;
