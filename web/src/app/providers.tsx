import '../styles/mantine-frame.css';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { TOAST_MS } from '@portal/contract';
import { Outlet, useMatches } from 'react-router';
import { FullScreenLoader } from '../components/full-screen-loader';
import { usePhone } from '../hooks/use-phone';
import { UpdatePrompt } from '../components/update-prompt';
import { OfflineBanner } from '../components/offline-banner';
import { useAuth } from '../features/auth/store';
import { readSessionExpiry } from '../lib/session-cookie';
import { cssVariablesResolver, theme } from './theme';

/**
 * The toasts, mounted by App beside the router rather than inside a screen, so that a toast
 * outlives a move to the landing page (which is outside this frame), e.g. 'Email verified
 * successfully' on the way to `/`.
 */
export function Toasts() {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <PlacedNotifications />
      <UpdatePrompt />
      <OfflineBanner />
    </MantineProvider>
  );
}

/**
 * Issue 13: toasts never hide the top bar's controls. On a desktop they sit bottom right; on a
 * phone, at the top below the bar (a phone's bottom is the thumb's, and its keyboard's). Texts
 * and durations are spec §8's, unchanged.
 */
function PlacedNotifications() {
  const phone = usePhone();
  return phone ? (
    // Below the bar: mantine-frame.css places the top-center stack by TOP_BAR_HEIGHT_VAR.
    <Notifications position="top-center" autoClose={TOAST_MS} limit={5} />
  ) : (
    <Notifications position="bottom-right" autoClose={TOAST_MS} limit={5} />
  );
}

/** What a route says of itself in its `handle` (router.tsx). */
export interface RouteHandle {
  /** A screen for guests (sign-up, login, forgot and reset password), behind GuestOnly. */
  guest?: boolean;
}

/**
 * The frame of every screen but the landing page, loaded with the first of them: Mantine and the
 * styles of the frame and the guest screens (mantine-frame.css; the dashboards load the rest, and
 * TanStack Query, with their own frame: query-frame.tsx). spec §4: the session check (started by
 * App) shows a full-screen loader until it answers. A guest screen opened without the session's
 * readable cookie (server/src/plugins/auth.ts: set on every signed-in answer) is most likely seen
 * by a guest: it is shown at once, while the check runs; should the check find a session after
 * all, GuestOnly then redirects as it would have.
 */
export default function ProvidersLayout() {
  const isCheckingAuth = useAuth((s) => s.isCheckingAuth);
  const guestScreen = useMatches().some((m) => (m.handle as RouteHandle | undefined)?.guest);
  const wait = isCheckingAuth && !(guestScreen && readSessionExpiry(document.cookie) === undefined);
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      {wait ? <FullScreenLoader /> : <Outlet />}
    </MantineProvider>
  );
}
