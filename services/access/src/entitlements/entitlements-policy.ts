/**
 * Settings the entitlements reactions put into their commands (the decider itself stays pure).
 * Reactions are declared statically, so the service sets these once at start from its
 * configuration (`configureEntitlements`); the defaults are the configuration's defaults.
 */
export const entitlementsPolicy = {
  /** PAST_DUE_GRACE_DAYS: how long a plan whose renewal failed stays usable. */
  pastDueGraceDays: 3,
};

export function configureEntitlements(settings: { pastDueGraceDays: number }): void {
  entitlementsPolicy.pastDueGraceDays = settings.pastDueGraceDays;
}
