/** Every route of the spec's route table, in one place for links, the router and tests. */
export const paths = {
  home: '/',
  auth: '/auth',
  login: '/login',
  verify: '/verify',
  verifyEmail: '/verify-email',
  checkout: (plan?: string) => (plan ? `/checkout/${plan}` : '/checkout'),
  startTrial: '/start-trial',
  features: '/features',
  userGuide: '/user-guide',
  status: '/status',
  security: '/security',
  privacyPolicy: '/privacy-policy',
  termsOfService: '/terms-of-service',
  dashboard: '/dashboard',
  support: '/support',
  supportTickets: '/support/tickets',
  supportTicket: (id: string) => `/support/tickets/${encodeURIComponent(id)}`,
  supportStaff: '/support/staff',
  supportStaffTicket: (id: string) => `/support/staff/${encodeURIComponent(id)}`,
  /** The owner's console (issue 24); its sections live below it. */
  admin: '/admin',
  /** A church's team plan (issue 25): name, seats, then the payment. */
  teamNew: '/equipos/nuevo',
  /** The link of a team invitation's mail: `?token=…`. */
  teamInvitation: '/equipo/invitacion',
  /** Buying a gift: `?producto=<id>` or `?plan=monthly|annual`. */
  gift: (item: { productId: string } | { plan: string }) =>
    'productId' in item
      ? `/regalar?producto=${encodeURIComponent(item.productId)}`
      : `/regalar?plan=${encodeURIComponent(item.plan)}`,
  giftNew: '/regalar',
  /** The link of a gift's mail: `?token=…`. */
  giftClaim: '/regalo',
  /** Where identity sends a browser to approve a tool's OAuth request (issue 23). */
  oauthConsent: (uid: string) => `/oauth/consent/${encodeURIComponent(uid)}`,
} as const;

/** Pages with their own head tags; the key names the page's texts in the message catalogue. */
export const pages = {
  landing: { path: paths.home, indexable: true },
  auth: { path: paths.auth, indexable: true },
  verify: { path: paths.verify, indexable: true },
  features: { path: paths.features, indexable: true },
  userGuide: { path: paths.userGuide, indexable: true },
  status: { path: paths.status, indexable: true },
  security: { path: paths.security, indexable: true },
  privacyPolicy: { path: paths.privacyPolicy, indexable: true },
  termsOfService: { path: paths.termsOfService, indexable: true },
  checkout: { path: paths.checkout(), indexable: false },
  startTrial: { path: paths.startTrial, indexable: false },
  dashboard: { path: paths.dashboard, indexable: false },
  verifyEmail: { path: paths.verifyEmail, indexable: false },
  support: { path: paths.support, indexable: false },
  supportTickets: { path: paths.supportTickets, indexable: false },
  teamNew: { path: paths.teamNew, indexable: false },
  teamInvitation: { path: paths.teamInvitation, indexable: false },
  giftNew: { path: paths.giftNew, indexable: false },
  giftClaim: { path: paths.giftClaim, indexable: false },
  notFound: { path: null, indexable: false },
} as const satisfies Record<string, { path: string | null; indexable: boolean }>;

export type PageKey = keyof typeof pages;
