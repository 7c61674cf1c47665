// Mantine's global styles and the frame's components (providers.tsx) before the rest of its
// components: a static import, so that Vite inserts the frame's stylesheet first even when this
// chunk arrives first (mantine-dashboard.css, docs/performance.md).
import '../providers';
import '../../styles/mantine-dashboard.css';
import { Box, Center, Drawer, Loader } from '@mantine/core';
import { useDisclosure, useDocumentTitle } from '@mantine/hooks';
import { DRAWER_WIDTH, SIDEBAR_WIDTH, XL_CONTENT_REDUCTION } from '@portal/contract';
import { lazy, Suspense, useEffect, useMemo, type CSSProperties, type MouseEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { SessionExpiryWarning } from '../../components/session-expiry-warning';
import { StepUpDialog } from '../../features/auth/components/step-up-dialog';
import { useAuth } from '../../features/auth/store';
import { publicConfigQueryOptions } from '../../hooks/use-public-config';
import { activeRoute, DEFAULT_BRAND_TEXT, flattenRoutes, NAVIGATION, navigationFor, type Layout } from '../navigation';
import { DashboardNavbar } from './dashboard-navbar';
import { useOutboxSync } from '../../features/reports/components/outbox-status';
import classes from './dashboard-layout.module.css';
import { Sidebar } from './sidebar';
import { useProductName } from '../../lib/public-config';
import { noteScreen } from '../../lib/install-prompt';
import { directionOf, useLanguage, useLanguageStore } from '../../i18n/language';
import { useT } from '../../i18n/use-t';
import { frameWords, useNav } from './words';

/** For main.tsx, which loads the first screen's code before it replaces a server-rendered one. */
export { preloadScreen } from '../navigation';

const NotFoundPage = lazy(() => import('../../components/not-found-page'));

/** spec §2: the rtl variant shows nothing on this path. */
const RTL_HIDDEN_PATH = '/rtl/full-screen-maps';

/** The sidebar's brand differs between the two variants (spec §2); both say the one product name. */

/** The skip link moves focus, not only the scroll position, to the screen's content. */
function skipToContent(event: MouseEvent<HTMLAnchorElement>) {
  const main = document.getElementById('main-content');
  if (!main) return;
  event.preventDefault();
  main.focus();
  main.scrollIntoView();
}

/** A screen's code on its way; prerender.tsx knows a render that reached it by `data-page-loader`. */
function PageLoader() {
  const { t } = useT(frameWords);
  return (
    <Center py="xl" data-page-loader>
      <Loader aria-label={t('nav.loadingPage')} />
    </Center>
  );
}
const pageLoader = <PageLoader />;

/**
 * The dashboard shell of spec §2 for one layout: sidebar (a drawer on small screens), fixed top
 * bar, content and footer. Routes are built from the navigation for the user's role, so a
 * member has no admin routes at all.
 */
export function DashboardShell({ layout }: { layout: Layout }) {
  const product = useProductName();
  const isAdmin = useAuth((s) => s.user?.isAdmin ?? false);
  const mfaEnabled = useAuth((s) => s.user?.mfaEnabled ?? false);
  const { pathname } = useLocation();
  // Issue 19: under ADMIN_MFA=required an admin without a second factor is led to set one up.
  const config = useQuery({ ...publicConfigQueryOptions(), enabled: isAdmin && !mfaEnabled });
  const mustEnrol = isAdmin && !mfaEnabled && config.data?.adminMfa === 'required';
  const [drawerOpened, drawer] = useDisclosure(false);
  const language = useLanguage();
  // spec §2: the /rtl variant is right to left; issue 34: so is every screen in Arabic.
  const dir = layout === '/rtl' ? 'rtl' : directionOf(language);

  const entries = useMemo(() => navigationFor(NAVIGATION, layout, isAdmin), [layout, isAdmin]);
  const routes = useMemo(() => flattenRoutes(entries), [entries]);
  const current = activeRoute(entries, pathname);
  const { t } = useT(frameWords);
  const nav = useNav();
  const brand = layout === '/rtl' ? t('nav.brandRtl', { product }) : product;
  const title = current ? nav(current.name) : DEFAULT_BRAND_TEXT;
  useDocumentTitle(title);
  // Issue 18: reports saved on this device are sent at start and when the connection returns.
  useOutboxSync();
  useEffect(() => noteScreen(pathname), [pathname]);

  // spec §2: document direction rtl for the rtl variant (portals included), whatever the language;
  // <html dir> is set with the language (app/i18n-provider.tsx).
  useEffect(() => {
    useLanguageStore.setState({ rtlLayout: layout === '/rtl' });
    return () => useLanguageStore.setState({ rtlLayout: false });
  }, [layout]);

  // Built once per route list: the same element lets React skip the whole screen when the shell
  // renders again (the drawer, the enrolment check).
  const screens = useMemo(
    () => (
      <Suspense fallback={pageLoader}>
        <Routes>
          {routes.map((route) => (
            <Route key={route.path} path={route.path.slice(1)} element={<route.component />} />
          ))}
          <Route path="*" element={<NotFoundPage />} />
        </Routes>
      </Suspense>
    ),
    [routes],
  );

  const style = {
    '--sidebar-width': `${SIDEBAR_WIDTH}px`,
    '--xl-content-reduction': `${XL_CONTENT_REDUCTION}px`,
  } as CSSProperties;

  const enrolPath = `${layout}/two-factor`;
  if (mustEnrol && pathname !== enrolPath) return <Navigate to={enrolPath} replace />;

  return (
    <Box className={classes.root} dir={dir} style={style}>
      <a href="#main-content" className={classes.skipLink} onClick={skipToContent}>
        {t('common.skipToContent')}
      </a>
      <SessionExpiryWarning refresh={() => useAuth.getState().checkAuth()} />
      <StepUpDialog />
      <aside className={classes.sidebar}>
        <Sidebar brand={brand} entries={entries} />
      </aside>
      <Drawer.Root
        opened={drawerOpened}
        onClose={drawer.close}
        size={DRAWER_WIDTH}
        position={dir === 'rtl' ? 'right' : 'left'}
        padding={0}
      >
        <Drawer.Overlay />
        {/* The dialog itself carries the name (a name on the drawer's wrapping div is not allowed). */}
        <Drawer.Content aria-label={t('nav.drawer')}>
          <Drawer.Body>
            <Sidebar brand={brand} entries={entries} onNavigate={drawer.close} />
          </Drawer.Body>
        </Drawer.Content>
      </Drawer.Root>
      <div className={classes.main}>
        <DashboardNavbar
          title={title}
          messageNavbar={current?.secondary ? current.messageNavbar : undefined}
          profilePath={`${layout}/profile`}
          drawerOpened={drawerOpened}
          onToggleDrawer={drawer.toggle}
        />
        <main id="main-content" tabIndex={-1} className={classes.content}>
          {pathname !== RTL_HIDDEN_PATH && screens}
        </main>
        <footer className={classes.footer}>
          {/* An English sentence in the rtl variant: isolated, so its punctuation stays put (issue 13). */}
          <bdi>{t('nav.rights', { year: new Date().getFullYear(), product })}</bdi>
        </footer>
      </div>
    </Box>
  );
}

export default function DashboardLayout() {
  return <DashboardShell layout="/admin" />;
}
