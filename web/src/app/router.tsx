import { Route, Routes } from 'react-router-dom';
import { paths } from '@/config/paths';
import { lazyRoute } from './lazy-route';
import LandingRoute from './routes/landing';
import { RootLayout } from './routes/root-layout';

// Every page but the landing page is its own chunk, so '/' downloads none of their code, nor the
// catalogue sections it names (all of them when it names none: the signed-in pages).
const AuthRoute = lazyRoute(() => import('./routes/auth'), ['account', 'security']);
const VerifyRoute = lazyRoute(() => import('./routes/verify'), ['commerce']);
const VerifyEmailRoute = lazyRoute(() => import('./routes/verify-email'), ['account']);
const FeaturesRoute = lazyRoute(() => import('./routes/features'), ['pages']);
const UserGuideRoute = lazyRoute(() => import('./routes/user-guide'), ['pages']);
const StatusRoute = lazyRoute(() => import('./routes/status'), ['pages', 'status']);
const SecurityRoute = lazyRoute(() => import('./routes/security'), ['pages']);
const PrivacyPolicyRoute = lazyRoute(() => import('./routes/privacy-policy'), ['pages']);
const TermsOfServiceRoute = lazyRoute(() => import('./routes/terms-of-service'), ['pages']);
const DashboardRoute = lazyRoute(() => import('./routes/dashboard'));
const TeamNewRoute = lazyRoute(() => import('./routes/team-new'));
const GiftNewRoute = lazyRoute(() => import('./routes/gift-new'));
// Mailed links, opened before signing in: their texts and the address confirmation's.
const TeamInvitationRoute = lazyRoute(
  () => import('./routes/team-invitation'),
  ['churches', 'account'],
);
const GiftClaimRoute = lazyRoute(() => import('./routes/gift-claim'), ['churches', 'account']);
const CheckoutRoute = lazyRoute(() => import('./routes/checkout'));
const StartTrialRoute = lazyRoute(() => import('./routes/start-trial'));
const SupportRoute = lazyRoute(() => import('./routes/support/index'));
const SupportTicketsRoute = lazyRoute(() => import('./routes/support/tickets'));
const SupportTicketRoute = lazyRoute(() => import('./routes/support/ticket'));
const SupportStaffRoute = lazyRoute(() => import('./routes/support/staff'));
const SupportStaffTicketRoute = lazyRoute(() => import('./routes/support/staff-ticket'));
// The owner's console: its own chunk (the charts ride in it, nowhere else).
const AdminRoute = lazyRoute(() => import('./routes/admin'));
// Asked from a connecting tool (OAuth): it shows the connections section and sign-in's texts.
const OAuthConsentRoute = lazyRoute(() => import('./routes/oauth-consent'));
const NotFoundRoute = lazyRoute(() => import('./routes/not-found'), []);
// The guard asks the server who is signed in, which takes the query cache: lazy as well.
const RequireAuth = lazyRoute(
  () =>
    import('@/features/auth/components/require-auth').then((module) => ({
      default: module.RequireAuth,
    })),
  [],
);

/**
 * The spec's route table (section 2). Declarative routes rather than a data router: the app loads
 * its data with TanStack Query, and the data router would add ~20 KB to every page.
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<RootLayout />}>
        <Route path={paths.home} element={<LandingRoute />} />
        <Route path={paths.auth} element={<AuthRoute />} />
        <Route path={paths.login} element={<AuthRoute />} />
        <Route path={paths.verify} element={<VerifyRoute />} />
        <Route path={paths.verifyEmail} element={<VerifyEmailRoute />} />
        <Route path={paths.features} element={<FeaturesRoute />} />
        <Route path={paths.userGuide} element={<UserGuideRoute />} />
        <Route path={paths.status} element={<StatusRoute />} />
        <Route path={paths.security} element={<SecurityRoute />} />
        <Route path={paths.privacyPolicy} element={<PrivacyPolicyRoute />} />
        <Route path={paths.termsOfService} element={<TermsOfServiceRoute />} />
        {/* Not behind the guard: each page guides a signed-out visitor to sign in and back. */}
        <Route path={paths.teamInvitation} element={<TeamInvitationRoute />} />
        <Route path={paths.giftClaim} element={<GiftClaimRoute />} />
        {/* Not behind the guard: the page itself sends a signed-out visitor to sign in and back. */}
        <Route path="/oauth/consent/:uid" element={<OAuthConsentRoute />} />
        <Route element={<RequireAuth />}>
          <Route path={paths.dashboard} element={<DashboardRoute />} />
          <Route path="/checkout/:plan?" element={<CheckoutRoute />} />
          <Route path={paths.startTrial} element={<StartTrialRoute />} />
          <Route path={paths.teamNew} element={<TeamNewRoute />} />
          <Route path={paths.giftNew} element={<GiftNewRoute />} />
          <Route path={paths.support} element={<SupportRoute />} />
          <Route path={paths.supportTickets} element={<SupportTicketsRoute />} />
          <Route path="/support/tickets/:id" element={<SupportTicketRoute />} />
          <Route path={paths.supportStaff} element={<SupportStaffRoute />} />
          <Route path="/support/staff/:id" element={<SupportStaffTicketRoute />} />
          <Route path={`${paths.admin}/*`} element={<AdminRoute />} />
        </Route>
        <Route path="*" element={<NotFoundRoute />} />
      </Route>
    </Routes>
  );
}
