import { MantineProvider } from '@mantine/core';
import { type ReactNode, StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { cssVariablesResolver, theme } from './app/theme';
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
