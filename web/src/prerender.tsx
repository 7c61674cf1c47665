import { MantineProvider } from '@mantine/core';
import { type ReactNode, StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { flattenRoutes, NAVIGATION, navigationFor } from './app/navigation';
import { cssVariablesResolver, theme } from './app/theme';
import { FullScreenLoader } from './components/full-screen-loader';
import LoginPage from './features/auth/pages/login-page';
import LandingPage from './features/landing/pages/landing-page';

/** The SSR entry of scripts/prerender.ts: the HTML of the pages written at build. */
const render = (location: string, page: ReactNode) =>
  renderToString(
    <StrictMode>
      <StaticRouter location={location}>{page}</StaticRouter>
    </StrictMode>,
  );

/** The landing page; the browser hydrates it (main.tsx). */
export const renderLandingPage = () => render('/', <LandingPage />);

/** The login screen as a guest first sees it; the browser paints the live screen over it (main.tsx). */
export const renderLoginPage = () =>
  render(
    '/login',
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <LoginPage />
    </MantineProvider>,
  );

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
