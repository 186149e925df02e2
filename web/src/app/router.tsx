import { lazy } from 'react';
import { Route, Routes } from 'react-router-dom';
import { paths } from '@/config/paths';
import { RequireAuth } from '@/features/auth/components/require-auth';
import LandingRoute from './routes/landing';
import { RootLayout } from './routes/root-layout';

// Every page but the landing page is its own chunk, so '/' downloads none of their code.
const AuthRoute = lazy(() => import('./routes/auth'));
const VerifyRoute = lazy(() => import('./routes/verify'));
const VerifyEmailRoute = lazy(() => import('./routes/verify-email'));
const FeaturesRoute = lazy(() => import('./routes/features'));
const UserGuideRoute = lazy(() => import('./routes/user-guide'));
const StatusRoute = lazy(() => import('./routes/status'));
const SecurityRoute = lazy(() => import('./routes/security'));
const PrivacyPolicyRoute = lazy(() => import('./routes/privacy-policy'));
const TermsOfServiceRoute = lazy(() => import('./routes/terms-of-service'));
const DashboardRoute = lazy(() => import('./routes/dashboard'));
const CheckoutRoute = lazy(() => import('./routes/checkout'));
const StartTrialRoute = lazy(() => import('./routes/start-trial'));
const SupportRoute = lazy(() => import('./routes/support/index'));
const SupportTicketsRoute = lazy(() => import('./routes/support/tickets'));
const SupportTicketRoute = lazy(() => import('./routes/support/ticket'));
const SupportStaffRoute = lazy(() => import('./routes/support/staff'));
const SupportStaffTicketRoute = lazy(() => import('./routes/support/staff-ticket'));
const OAuthConsentRoute = lazy(() => import('./routes/oauth-consent'));
const NotFoundRoute = lazy(() => import('./routes/not-found'));

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
        {/* Not behind the guard: the page itself sends a signed-out visitor to sign in and back. */}
        <Route path="/oauth/consent/:uid" element={<OAuthConsentRoute />} />
        <Route element={<RequireAuth />}>
          <Route path={paths.dashboard} element={<DashboardRoute />} />
          <Route path="/checkout/:plan?" element={<CheckoutRoute />} />
          <Route path={paths.startTrial} element={<StartTrialRoute />} />
          <Route path={paths.support} element={<SupportRoute />} />
          <Route path={paths.supportTickets} element={<SupportTicketsRoute />} />
          <Route path="/support/tickets/:id" element={<SupportTicketRoute />} />
          <Route path={paths.supportStaff} element={<SupportStaffRoute />} />
          <Route path="/support/staff/:id" element={<SupportStaffTicketRoute />} />
        </Route>
        <Route path="*" element={<NotFoundRoute />} />
      </Route>
    </Routes>
  );
}
