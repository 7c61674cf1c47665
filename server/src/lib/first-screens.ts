import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { type Language, MAX_PAGE_LIMIT, textDirection } from '@portal/contract';
import type { FastifyInstance } from 'fastify';

/** What the web build's SSR module offers (web/src/prerender.tsx, web/src/lib/first-screen.ts). */
interface SsrModule {
  SCREEN_MARK: string;
  SCREEN_DATA_MARK: string;
  prepareSignedInScreens(): Promise<void>;
  renderSignedInScreen(
    location: string,
    data: { user: unknown; certificates: unknown[]; config: unknown },
  ): { html: string; state: unknown } | null;
}

/** JSON inside a `<script>` element: no `<` can close it or open a comment (HTML §4.12.1.3). */
export const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/**
 * Decision 0080: a member's first screens (the dashboard and the intake form) arrive rendered with
 * their data, so that they paint from the HTML instead of after the scripts and three round trips
 * (Lighthouse on a phone, docs/performance.md). The data is read through the API itself
 * (`inject`): the same session check, access rules and answers as the screen's own calls. Anyone
 * else gets the shell, as every other page. Routes, not the pages' not-found handler, so that the
 * answer is compressed (@fastify/compress works on routes). Off when the web build has no SSR
 * module (web/dist-ssr, beside web/dist) or it cannot be loaded.
 */
export async function firstScreenRoutes(app: FastifyInstance, webDist: string, sessionCookie: string): Promise<void> {
  const dir = path.resolve(webDist, '..', 'dist-ssr');
  const entry = path.join(dir, 'prerender.js');
  const index = path.join(dir, 'pages.json');
  if (!fs.existsSync(entry) || !fs.existsSync(index)) return;
  const pages = JSON.parse(fs.readFileSync(index, 'utf8')) as Record<string, string>;

  // Loaded with the first member's first screen, not at start: React and Mantine cost the server
  // some 30 MB, which an instance no member has visited does not spend (idle RSS, issue 14).
  let loading: Promise<SsrModule | undefined> | undefined;
  const load = () =>
    (loading ??= (async () => {
      try {
        const ssr = (await import(pathToFileURL(entry).href)) as SsrModule;
        await ssr.prepareSignedInScreens();
        return ssr;
      } catch (err) {
        app.log.error({ err }, 'the web build’s SSR module did not load: members’ first screens are the shell');
        return undefined;
      }
    })());

  const read = async (url: string, token: string) => {
    const res = await app.inject({ method: 'GET', url, cookies: { [sessionCookie]: token } });
    return res.statusCode === 200
      ? { body: res.json() as unknown, total: Number(res.headers['x-total-count']) }
      : undefined;
  };

  /** The member's first screen at `location` in its page, or null for anyone else. */
  const render = async (location: string, template: string, token: string) => {
    const auth = (await read('/api/auth/check-auth', token))?.body as
      { user?: { email: string; isVerified: boolean; isAdmin: boolean; language: Language } } | undefined;
    const user = auth?.user;
    if (!user?.isVerified || user.isAdmin) return null;
    const [list, config] = await Promise.all([
      read(`/api/certificates/${encodeURIComponent(user.email)}?offset=0&limit=${MAX_PAGE_LIMIT}`, token),
      read('/api/config', token),
    ]);
    const certificates = list?.body;
    // More than a page of certificates: the screen reads the rest itself.
    if (!Array.isArray(certificates) || !config || certificates.length < list!.total) return null;
    const ssr = await load();
    if (!ssr) return null;
    const screen = ssr.renderSignedInScreen(location, { user, certificates, config: config.body });
    if (!screen) return null;
    // Issue 34: the page in the member's language, right to left in Arabic.
    const html = `<html lang="${user.language}"${textDirection(user.language) === 'rtl' ? ' dir="rtl"' : ''}`;
    return template
      .replace('<html lang="en"', html)
      .replace(ssr.SCREEN_MARK, () => screen.html)
      .replace(ssr.SCREEN_DATA_MARK, () => scriptJson(screen.state));
  };

  for (const [location, file] of Object.entries(pages)) {
    const template = fs.readFileSync(path.join(dir, file), 'utf8');
    app.get(location, { schema: { hide: true } }, async (req, reply) => {
      reply.header('vary', 'cookie');
      const token = req.cookies[sessionCookie];
      const page = token ? await render(location, template, token) : null;
      // The member's own data: kept by no cache.
      if (page) return reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(page);
      reply.header('cache-control', 'no-cache');
      return reply.sendFile('index.html');
    });
  }
}
