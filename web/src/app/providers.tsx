import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { TOAST_MS } from '@portal/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { FullScreenLoader } from '../components/full-screen-loader';
import { useAuth } from '../features/auth/store';
import { theme } from './theme';

export const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, staleTime: 30_000, refetchOnWindowFocus: false } },
});

export function Providers({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}

/**
 * The toasts, mounted by App beside the router rather than inside a screen, so that a toast
 * outlives a move to the landing page (which is outside this frame), e.g. 'Email verified
 * successfully' on the way to `/`.
 */
export function Toasts() {
  return (
    <MantineProvider theme={theme}>
      <Notifications position="top-right" autoClose={TOAST_MS} limit={5} />
    </MantineProvider>
  );
}

/**
 * The frame of every screen but the landing page, loaded with the first of them: Mantine (and its
 * stylesheet) and TanStack Query. spec §4: the session check (started by App) shows a
 * full-screen loader until it answers.
 */
export default function ProvidersLayout() {
  const isCheckingAuth = useAuth((s) => s.isCheckingAuth);
  return <Providers>{isCheckingAuth ? <FullScreenLoader /> : <Outlet />}</Providers>;
}
