import '@fontsource/dm-sans/400.css';
import '@fontsource/dm-sans/500.css';
import '@fontsource/dm-sans/700.css';
import './styles/full-screen-loader.css';
import { type ReactNode, StrictMode, startTransition, useLayoutEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { router } from './app/router';
import { useAuth } from './features/auth/store';
import { listenForInstallPrompt } from './lib/install-prompt';
import { FIRST_SCREEN_DATA } from './lib/first-screen';
import { loadCatalogue } from './i18n/catalogues';
import { uiLanguage, useLanguageStore } from './i18n/language';

listenForInstallPrompt();

const root = document.getElementById('root')!;
const app = (
  <StrictMode>
    <App />
  </StrictMode>
);

/**
 * A signed-in first screen rendered by the server (decision 0080) comes with the answers it was
 * rendered from: the live screen's first render shows the same, instead of loading them again.
 */
async function seedQueries() {
  const seeded = document.getElementById(FIRST_SCREEN_DATA);
  if (!seeded?.textContent) return;
  const [{ queryClient }, { hydrate }] = await Promise.all([
    import('./app/query-frame'),
    import('@tanstack/react-query'),
  ]);
  hydrate(queryClient, JSON.parse(seeded.textContent));
  seeded.remove();
}

/**
 * A signed-in screen is not one of the router's lazy routes but the layout's (app/navigation.tsx):
 * its code is loaded before the first render too, so that the snapshot is replaced by the screen,
 * never by its loader.
 */
async function screenReady() {
  if (root.dataset.prerendered !== 'snapshot' || !/^\/(admin|rtl)\//.test(location.pathname)) return;
  // The layout's chunk, which the router has loaded by then: no request, and no chunk split anew.
  const { preloadScreen } = await import('./app/layouts/dashboard-layout');
  await preloadScreen(location.pathname);
}

/** Resolves once the router has loaded the code of the first screen (its lazy routes). */
const routerReady = () =>
  new Promise<void>((resolve) => {
    if (router.state.initialized) return resolve();
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });

// spec §4: the session check runs once at start, while the first screen's code loads.
const sessionChecked = useAuth.getState().checkAuth();

// The server sends some pages prerendered (scripts/prerender.ts). The landing page is taken over
// as it is (hydrated). The login screen is a snapshot, and so are a member's dashboard and intake
// form (rendered by the server with their data, decision 0080): inert until the live screen
// replaces them. Every other page arrives with the full-screen loader: rendered once the first screen's code
// is in, the live screen takes its place in one commit, never blank. The snapshot or the loader is
// on screen: the render can yield to the browser (a transition) instead of holding the main thread
// until the whole screen is built (Lighthouse counted 160–460 ms of blocking time on the dashboard
// without, docs/performance.md).
// The first render also waits for the session check (at once for a guest, who has no session
// cookie): it then builds the signed-in screen in the transition. Rendered before, the screen would
// be built when the check's answer updates the store, and a store update renders synchronously
// (useSyncExternalStore), in one long task.
// The snapshot stays inert and marked until the commit that replaces it: a transition render of a
// long screen takes a while on a slow phone, and a tap or a Tab on the snapshot meanwhile would land
// on markup about to be thrown away (its focus lost with it).
function TakeOver({ children }: { children: ReactNode }) {
  useLayoutEffect(() => {
    root.removeAttribute('inert');
    delete root.dataset.prerendered;
  }, []);
  return children;
}

/**
 * Issue 34: the first render waits for its language's words (a chunk of its own for Spanish and
 * Arabic): a member's, once the session check has answered, else the guest's; the core words and
 * those of every screen whose code is in.
 */
const words = () => {
  const { user, isAuthenticated } = useAuth.getState();
  const { guest } = useLanguageStore.getState();
  const member = isAuthenticated && user?.isVerified ? user.language : undefined;
  return loadCatalogue(uiLanguage(guest, member)).catch(() => undefined);
};

const prerendered = root.dataset.prerendered;
if (prerendered === 'snapshot' || prerendered === 'loader') {
  // The words again once the screen's code is in: the sets of words it brought load too (each
  // feature's, i18n/catalogues.ts), so that the first render does not wait for them in its turn.
  void Promise.all([routerReady().then(screenReady), sessionChecked.then(words), seedQueries()])
    .then(words)
    .then(() => {
      startTransition(() => createRoot(root).render(<TakeOver>{app}</TakeOver>));
    });
} else if (root.firstElementChild) {
  // The landing page, prerendered in the language the server chose (server/src/app.ts): hydrated
  // when the browser reads the same one, else rendered anew in its own.
  const { guest } = useLanguageStore.getState();
  void words().then(() => {
    if (document.documentElement.lang === guest) hydrateRoot(root, app);
    else createRoot(root).render(app);
  });
}
// The development server's shell, with an empty root.
else void words().then(() => createRoot(root).render(app));

// Issue 18, decision 0020: the service worker registers after `load`, and its code is loaded only
// then: what a first visit downloads before the page is usable does not grow.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  const register = () => void import('./app/service-worker').then((m) => m.registerServiceWorker());
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
