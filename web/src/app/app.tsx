import { useEffect } from 'react';
import { RouterProvider } from 'react-router';
import { FullScreenLoader } from '../components/full-screen-loader';
import { useAuth } from '../features/auth/store';
import { router } from './router';

/** spec §4: the session check runs once at start, with a full-screen loader meanwhile. */
export function App() {
  const isCheckingAuth = useAuth((s) => s.isCheckingAuth);
  useEffect(() => {
    void useAuth.getState().checkAuth();
  }, []);
  if (isCheckingAuth) return <FullScreenLoader />;
  return <RouterProvider router={router} />;
}
