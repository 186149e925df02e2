import { lazy } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { paths } from '../config/paths';
import { RequireAuth } from '../features/auth/components/require-auth';
import LandingRoute from './routes/landing';
import { RootLayout } from './routes/root-layout';

// Every page but the landing page is its own chunk, so '/' downloads none of their code.
const AuthRoute = lazy(() => import('./routes/auth'));
const VerifyRoute = lazy(() => import('./routes/verify'));
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
const NotFoundRoute = lazy(() => import('./routes/not-found'));

/** The spec's route table (section 2). */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      { path: paths.home, element: <LandingRoute /> },
      { path: paths.auth, element: <AuthRoute /> },
      { path: paths.login, element: <AuthRoute /> },
      { path: paths.verify, element: <VerifyRoute /> },
      { path: paths.features, element: <FeaturesRoute /> },
      { path: paths.userGuide, element: <UserGuideRoute /> },
      { path: paths.status, element: <StatusRoute /> },
      { path: paths.security, element: <SecurityRoute /> },
      { path: paths.privacyPolicy, element: <PrivacyPolicyRoute /> },
      { path: paths.termsOfService, element: <TermsOfServiceRoute /> },
      {
        element: <RequireAuth />,
        children: [
          { path: paths.dashboard, element: <DashboardRoute /> },
          { path: '/checkout/:plan?', element: <CheckoutRoute /> },
          { path: paths.startTrial, element: <StartTrialRoute /> },
          { path: paths.support, element: <SupportRoute /> },
          { path: paths.supportTickets, element: <SupportTicketsRoute /> },
        ],
      },
      { path: '*', element: <NotFoundRoute /> },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
