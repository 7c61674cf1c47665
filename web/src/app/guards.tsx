import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { useAuth } from '../features/auth/store';

/** spec §4: admin/* needs a session (else /login) with a verified e-mail (else /verify-email). */
export function RequireVerified({ children }: { children: ReactNode }) {
  const { isAuthenticated, user } = useAuth();
  if (!user) return <Navigate to="/login" replace />;
  if (!user.isVerified) return <Navigate to="/verify-email" replace />;
  if (!isAuthenticated) return <Navigate to="/login" replace />;
  return children;
}

/** spec §4: a verified, signed-in user on sign-up, login, forgot or reset goes to /admin/default. */
export function GuestOnly({ children }: { children: ReactNode }) {
  const { isAuthenticated, user } = useAuth();
  if (isAuthenticated && user?.isVerified) return <Navigate to="/admin/default" replace />;
  return children;
}

/** Admin screens exist only for admins (spec §2); the server refuses the calls anyway. */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const user = useAuth((s) => s.user);
  if (!user?.isAdmin) return <Navigate to="/admin/default" replace />;
  return children;
}
