import '@fontsource/dm-sans/400.css';
import '@fontsource/dm-sans/500.css';
import '@fontsource/dm-sans/700.css';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';

const root = document.getElementById('root')!;
const app = (
  <StrictMode>
    <App />
  </StrictMode>
);
// The server sends the landing page prerendered (scripts/prerender.ts): take that markup over
// instead of painting it again. Every other page arrives with an empty root.
if (root.firstElementChild) hydrateRoot(root, app);
else createRoot(root).render(app);
