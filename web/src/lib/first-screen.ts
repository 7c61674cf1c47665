/**
 * Decision 0080: the signed-in first screens the server renders (src/prerender.tsx). Their pages
 * (scripts/prerender.ts) carry these marks; the server puts the screen's HTML and its query cache
 * in their place (server/src/lib/first-screens.ts, which reads them from the SSR build).
 */
export const SCREEN_MARK = '<!--screen-->';
export const SCREEN_DATA_MARK = '<!--screen-data-->';

/** The id of the script element holding the query cache (main.tsx). */
export const FIRST_SCREEN_DATA = 'first-screen-data';

/** The page file of a signed-in first screen, beside the SSR build: /admin/report → admin-report.html. */
export const signedInPage = (location: string) => `${location.slice(1).replace(/\//g, '-')}.html`;
