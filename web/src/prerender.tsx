import { MantineProvider } from '@mantine/core';
import {
  type Certificate,
  INTL_LOCALE,
  type Language,
  LANGUAGES,
  type PublicConfig,
  type User,
} from '@portal/contract';
import { dehydrate, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { IntlProvider } from 'react-intl';
import { prerender } from 'react-dom/static';
import { Route, Routes, StaticRouter } from 'react-router';
import { DashboardShell } from './app/layouts/dashboard-layout';
import { flattenRoutes, NAVIGATION, navigationFor } from './app/navigation';
import { cssVariablesResolver, theme } from './app/theme';
import { FullScreenLoader } from './components/full-screen-loader';
import LoginPage from './features/auth/pages/login-page';
import LandingPage from './features/landing/pages/landing-page';
import { useAuth } from './features/auth/store';
import { myCertificatesQueryOptions } from './features/certificates/api/use-my-certificates';
import { publicConfigQueryOptions } from './hooks/use-public-config';
import { loadCatalogue, loadedCatalogue, provideCatalogue } from './i18n/catalogues';
import ar from './i18n/messages/ar';
import es from './i18n/messages/es';

// Issue 34: the SSR build renders every language at once, so all its catalogues are at hand.
provideCatalogue('es', es);
provideCatalogue('ar', ar);

/** A page's words in `language` (app/i18n-provider.tsx does this in the browser). */
const inLanguage = (language: Language, page: ReactNode) => (
  <IntlProvider locale={INTL_LOCALE[language]} messages={loadedCatalogue(language)} defaultLocale="en-US">
    {page}
  </IntlProvider>
);

/** The SSR entry of scripts/prerender.ts: the HTML of the pages written at build. */
const render = (location: string, language: Language, page: ReactNode) =>
  renderToString(
    <StrictMode>
      <StaticRouter location={location}>{inLanguage(language, page)}</StaticRouter>
    </StrictMode>,
  );

/** The landing page in a language; the browser hydrates it (main.tsx). */
export const renderLandingPage = (language: Language) => render('/', language, <LandingPage />);

/** The login screen as a guest first sees it; the browser paints the live screen over it (main.tsx). */
export const renderLoginPage = (language: Language) =>
  render(
    '/login',
    language,
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <LoginPage />
    </MantineProvider>,
  );

export { SCREEN_DATA_MARK, SCREEN_MARK } from './lib/first-screen';
/** The languages the build writes the guest pages in (scripts/prerender.ts cannot load the contract). */
export { LANGUAGES } from '@portal/contract';

/** The full-screen loader, which the shell shows until the first screen replaces it (main.tsx). */
export const renderFullScreenLoader = () => renderToString(<FullScreenLoader />);

const LAYOUT_MODULES = { '/admin': 'src/app/layouts/dashboard-layout.tsx', '/rtl': 'src/app/layouts/rtl-layout.tsx' };

/**
 * The module of the screen at each signed-in address, and of its layout (router.tsx): what a first
 * visit there preloads (scripts/preload-frame.ts). Admin screens included: the build does not
 * know who will visit.
 */
export const screenModules = (): Record<string, string[]> =>
  Object.fromEntries(
    (['/admin', '/rtl'] as const).flatMap((layout) =>
      flattenRoutes(navigationFor(NAVIGATION, layout, true)).map((route) => [
        layout + route.path,
        [LAYOUT_MODULES[layout], route.component.module],
      ]),
    ),
  );

/**
 * The signed-in first screens the server renders with the member's data (decision 0080,
 * server/src/lib/first-screens.ts): the snapshot is painted from the HTML, before any script has
 * run, and the live screen replaces it (main.tsx). Members only: an administrator's frame has more to it (the
 * second factor's enrolment, the admin tiles) and opens on a desktop.
 */
export const SIGNED_IN_SCREENS = ['/admin/default', '/admin/report'] as const;

/** The signed-in first screens whose every word is in the catalogues (issue 34). */
const TRANSLATED_SCREENS: readonly string[] = ['/admin/default'];

/** What a signed-in first screen shows: the session check's user and the answers its screen reads. */
export interface SignedInData {
  user: User;
  certificates: Certificate[];
  config: PublicConfig;
}

const signedInTree = (location: string, client: QueryClient, language: Language = 'en') => (
  <StrictMode>
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <QueryClientProvider client={client}>
        <StaticRouter location={location}>
          {inLanguage(
            language,
            <Routes>
              <Route path="/admin/*" element={<DashboardShell layout="/admin" />} />
            </Routes>,
          )}
        </StaticRouter>
      </QueryClientProvider>
    </MantineProvider>
  </StrictMode>
);

/**
 * Loads the code of every signed-in first screen (their lazy components) once, so that each later
 * render is one synchronous call: no other request's render can run in between (the auth store's
 * state is set for it, below).
 */
export async function prepareSignedInScreens(): Promise<void> {
  for (const location of SIGNED_IN_SCREENS) {
    const { prelude } = await prerender(signedInTree(location, new QueryClient()));
    await new Response(prelude).text();
  }
  // Issue 34: the words of every set those screens defined, in every language, so that no render
  // suspends for them (a suspended part would be its loader in the snapshot).
  await Promise.all(LANGUAGES.map((language) => loadCatalogue(language)));
}

/**
 * The HTML of a signed-in first screen, and the query cache it was rendered from (for the live
 * screen's first render), or null when a part of it would still be loading. Synchronous, so the
 * auth store's state is this member's for this render only.
 */
export function renderSignedInScreen(location: string, data: SignedInData): { html: string; state: unknown } | null {
  if (!(SIGNED_IN_SCREENS as readonly string[]).includes(location)) return null;
  // Issue 34: the dashboard is in the catalogues, the intake form not yet: a member who reads
  // another language gets the loader there, then the live screen, never an English snapshot first.
  if (data.user.language !== 'en' && !TRANSLATED_SCREENS.includes(location)) return null;
  const client = new QueryClient();
  client.setQueryData(myCertificatesQueryOptions(data.user.email).queryKey, data.certificates);
  client.setQueryData(publicConfigQueryOptions().queryKey, data.config);
  // On a server, zustand hands React the store's initial state (its getInitialState), an object
  // the store keeps and never replaces: this member's for this render, as it was after it.
  const initial = useAuth.getInitialState();
  const before = {
    user: initial.user,
    isAuthenticated: initial.isAuthenticated,
    isCheckingAuth: initial.isCheckingAuth,
  };
  Object.assign(initial, { user: data.user, isAuthenticated: true, isCheckingAuth: false });
  let html: string;
  try {
    html = renderToString(signedInTree(location, client, data.user.language));
  } finally {
    Object.assign(initial, before);
  }
  // Code still loading (a lazy component the preparation did not reach) renders its fallback.
  if (html.includes('data-page-loader')) return null;
  // As the login snapshot: nothing can be typed into it before the live screen takes its place.
  return { html: html.replace(/<(input|textarea) /g, '<$1 readonly="" '), state: dehydrate(client) };
}
