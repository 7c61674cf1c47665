// Mantine's global styles and the frame's components (providers.tsx) before the rest of its
// components: a static import, so that Vite inserts the frame's stylesheet first even when this
// chunk arrives first (mantine-dashboard.css, docs/performance.md).
import '../providers';
import '../../styles/mantine-dashboard.css';
import { Box, Center, Drawer, Loader } from '@mantine/core';
import { useDisclosure, useDocumentTitle, useElementSize } from '@mantine/hooks';
import { DRAWER_WIDTH, SIDEBAR_WIDTH, XL_CONTENT_REDUCTION } from '@portal/contract';
import { lazy, Suspense, useEffect, useMemo, type CSSProperties } from 'react';
import { Route, Routes, useLocation } from 'react-router';
import { SessionExpiryWarning } from '../../components/session-expiry-warning';
import { useAuth } from '../../features/auth/store';
import { activeRoute, DEFAULT_BRAND_TEXT, flattenRoutes, NAVIGATION, navigationFor, type Layout } from '../navigation';
import { DashboardNavbar } from './dashboard-navbar';
import classes from './dashboard-layout.module.css';
import { Sidebar } from './sidebar';

const NotFoundPage = lazy(() => import('../../components/not-found-page'));

/** spec §2: the rtl variant shows nothing on this path. */
const RTL_HIDDEN_PATH = '/rtl/full-screen-maps';

const BRAND: Record<Layout, string> = {
  '/admin': 'Recycling Advocate',
  '/rtl': 'Recycling Advocate RTL',
};

const pageLoader = (
  <Center py="xl">
    <Loader aria-label="Loading page" />
  </Center>
);

/**
 * The dashboard shell of spec §2 for one layout: sidebar (a drawer on small screens), fixed top
 * bar, content and footer. Routes are built from the navigation for the user's role, so a
 * member has no admin routes at all.
 */
export function DashboardShell({ layout }: { layout: Layout }) {
  const isAdmin = useAuth((s) => s.user?.isAdmin ?? false);
  const { pathname } = useLocation();
  const [drawerOpened, drawer] = useDisclosure(false);
  const { ref: navbarRef, height: navbarHeight } = useElementSize<HTMLElement>();
  const dir = layout === '/rtl' ? 'rtl' : 'ltr';

  const entries = useMemo(() => navigationFor(NAVIGATION, layout, isAdmin), [layout, isAdmin]);
  const routes = useMemo(() => flattenRoutes(entries), [entries]);
  const current = activeRoute(entries, pathname);
  const title = current?.name ?? DEFAULT_BRAND_TEXT;
  useDocumentTitle(title);

  // spec §2: document direction ltr for admin, rtl for the rtl variant (portals included).
  useEffect(() => {
    const html = document.documentElement;
    const previous = html.dir;
    html.dir = dir;
    return () => {
      html.dir = previous;
    };
  }, [dir]);

  const style = {
    '--sidebar-width': `${SIDEBAR_WIDTH}px`,
    '--xl-content-reduction': `${XL_CONTENT_REDUCTION}px`,
  } as CSSProperties;

  return (
    <Box className={classes.root} dir={dir} style={style}>
      <SessionExpiryWarning refresh={() => useAuth.getState().checkAuth()} />
      <aside className={classes.sidebar}>
        <Sidebar brand={BRAND[layout]} entries={entries} />
      </aside>
      <Drawer
        opened={drawerOpened}
        onClose={drawer.close}
        size={DRAWER_WIDTH}
        position={dir === 'rtl' ? 'right' : 'left'}
        padding={0}
        withCloseButton={false}
        aria-label="Navigation"
      >
        <Sidebar brand={BRAND[layout]} entries={entries} onNavigate={drawer.close} />
      </Drawer>
      <div className={classes.main}>
        <DashboardNavbar
          ref={navbarRef}
          title={title}
          messageNavbar={current?.secondary ? current.messageNavbar : undefined}
          profilePath={`${layout}/profile`}
          drawerOpened={drawerOpened}
          onToggleDrawer={drawer.toggle}
        />
        <main className={classes.content} style={{ paddingTop: navbarHeight + 40 }}>
          {pathname !== RTL_HIDDEN_PATH && (
            <Suspense fallback={pageLoader}>
              <Routes>
                {routes.map((route) => (
                  <Route key={route.path} path={route.path.slice(1)} element={<route.component />} />
                ))}
                <Route path="*" element={<NotFoundPage />} />
              </Routes>
            </Suspense>
          )}
        </main>
        <footer className={classes.footer}>
          © {new Date().getFullYear()} Recycling Advocate Portal. All rights reserved.
        </footer>
      </div>
    </Box>
  );
}

export default function DashboardLayout() {
  return <DashboardShell layout="/admin" />;
}
