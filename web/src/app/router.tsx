import { createBrowserRouter, Navigate, Outlet } from 'react-router';
import LandingPage from '../features/landing/pages/landing-page';
import { GuestOnly, RequireVerified } from './guards';
import type { RouteHandle } from './providers';

/** Each screen is its own chunk: a route's code loads when it is first visited. */
const page = (load: () => Promise<{ default: React.ComponentType }>) => async () => ({
  Component: (await load()).default,
});

/**
 * What a lazy route shows while its code loads on the first visit: nothing (the landing page and
 * the login snapshot are already on screen; others are blank for that moment, as before). Said
 * once per route, so that React Router does not warn about it in the console (issue 13).
 */
const HydrateFallback = () => null;

const guest = (element: React.ReactNode) => <GuestOnly>{element}</GuestOnly>;

export const router = createBrowserRouter([
  // In the entry chunk, not lazy: its HTML is prerendered at build and hydrated at once
  // (docs/performance.md). It needs neither Mantine nor TanStack Query, so it sits outside their frame.
  { path: '/', Component: LandingPage },
  // Every other screen: Mantine, toasts and the session check's loader (providers.tsx).
  {
    HydrateFallback,
    lazy: page(() => import('./providers')),
    children: [
      {
        element: guest(<Outlet />),
        handle: { guest: true } satisfies RouteHandle,
        children: [
          { path: '/signup', HydrateFallback, lazy: page(() => import('../features/auth/pages/signup-page')) },
          { path: '/login', HydrateFallback, lazy: page(() => import('../features/auth/pages/login-page')) },
          {
            path: '/login/two-factor',
            HydrateFallback,
            lazy: page(() => import('../features/auth/pages/two-factor-login-page')),
          },
          {
            path: '/forgot-password',
            HydrateFallback,
            lazy: page(() => import('../features/auth/pages/forgot-password-page')),
          },
          {
            path: '/reset-password/:token',
            HydrateFallback,
            lazy: page(() => import('../features/auth/pages/reset-password-page')),
          },
        ],
      },
      { path: '/verify-email', HydrateFallback, lazy: page(() => import('../features/auth/pages/verify-email-page')) },
      { path: '/admin', element: <Navigate to="/admin/default" replace /> },
      { path: '/rtl', element: <Navigate to="/rtl/default" replace /> },
      // The dashboards read data: TanStack Query comes with them, not with the guest screens.
      {
        HydrateFallback,
        lazy: page(() => import('./query-frame')),
        children: [
          // The layout builds the screens' routes from the navigation for the user's role (navigation.tsx).
          {
            path: '/admin/*',
            element: (
              <RequireVerified>
                <Outlet />
              </RequireVerified>
            ),
            children: [{ path: '*', HydrateFallback, lazy: page(() => import('./layouts/dashboard-layout')) }],
          },
          // ARCHITECTURE §6: rtl/* is behind the same guards as admin/* (the spec has none).
          {
            path: '/rtl/*',
            element: (
              <RequireVerified>
                <Outlet />
              </RequireVerified>
            ),
            children: [{ path: '*', HydrateFallback, lazy: page(() => import('./layouts/rtl-layout')) }],
          },
        ],
      },
      { path: '*', HydrateFallback, lazy: page(() => import('../components/not-found-page')) },
    ],
  },
]);
