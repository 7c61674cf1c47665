import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import LandingPage from './pages/landing-page';

/** The landing page's HTML at build (scripts/prerender.ts); the browser hydrates it (main.tsx). */
export function renderLandingPage(): string {
  return renderToString(
    <StrictMode>
      <StaticRouter location="/">
        <LandingPage />
      </StaticRouter>
    </StrictMode>,
  );
}
