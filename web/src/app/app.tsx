import { lazy, Suspense, useEffect, useState } from 'react';
import { RouterProvider } from 'react-router';
import { useAuth } from '../features/auth/store';
import { I18nProvider } from './i18n-provider';
import { router } from './router';

const Toasts = lazy(async () => ({ default: (await import('./providers')).Toasts }));

/** The landing page needs no Mantine: toasts load with the first other screen, then stay. */
const needsToasts = () => router.state.location.pathname !== '/';

/**
 * spec §4: the session check runs once at start (main.tsx). Its full-screen loader is shown by the
 * screens' frame (providers.tsx); the landing page needs no session and is already on screen,
 * prerendered.
 */
export function App() {
  const [toasts, setToasts] = useState(needsToasts);
  useEffect(() => {
    // Decision 0020: a session shown from the device while offline is checked once back online.
    const recheck = () => {
      if (useAuth.getState().offline) void useAuth.getState().checkAuth();
    };
    window.addEventListener('online', recheck);
    return () => window.removeEventListener('online', recheck);
  }, []);
  useEffect(() => {
    if (toasts) return;
    return router.subscribe(() => {
      if (needsToasts()) setToasts(true);
    });
  }, [toasts]);
  return (
    <I18nProvider>
      <RouterProvider router={router} />
      {toasts && (
        <Suspense fallback={null}>
          <Toasts />
        </Suspense>
      )}
    </I18nProvider>
  );
}
