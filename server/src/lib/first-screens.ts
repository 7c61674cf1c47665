import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { MAX_PAGE_LIMIT } from '@portal/contract';
import type { FastifyInstance } from 'fastify';

/** What the web build's SSR module offers (web/src/prerender.tsx, web/src/lib/first-screen.ts). */
interface SsrModule {
  SIGNED_IN_SCREENS: readonly string[];
  SCREEN_MARK: string;
  SCREEN_DATA_MARK: string;
  signedInPage(location: string): string;
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

export interface FirstScreens {
  has(location: string): boolean;
  /**
   * The member's first screen at `location`, rendered with their data; null for anyone else.
   * `cookies`: the request's session cookie, with which the data is read.
   */
  page(location: string, cookies: Record<string, string>): Promise<string | null>;
}

/**
 * Decision 0080: a member's first screens (the dashboard and the intake form) arrive rendered with
 * their data, so that they paint from the HTML instead of after the scripts and three round trips
 * (Lighthouse on a phone, docs/performance.md). The data is read through the API itself
 * (`inject`): the same session check, access rules and answers as the screen's own calls. Off when
 * the web build has no SSR module (web/dist-ssr, beside web/dist).
 */
export async function loadFirstScreens(app: FastifyInstance, webDist: string): Promise<FirstScreens | undefined> {
  const dir = path.resolve(webDist, '..', 'dist-ssr');
  const entry = path.join(dir, 'prerender.js');
  if (!fs.existsSync(entry)) return undefined;
  const ssr = (await import(pathToFileURL(entry).href)) as SsrModule;
  await ssr.prepareSignedInScreens();
  const templates = new Map(
    ssr.SIGNED_IN_SCREENS.map((location) => [
      location,
      fs.readFileSync(path.join(dir, ssr.signedInPage(location)), 'utf8'),
    ]),
  );

  const read = async (url: string, cookies: Record<string, string>) => {
    const res = await app.inject({ method: 'GET', url, cookies });
    return res.statusCode === 200
      ? { body: res.json() as unknown, total: Number(res.headers['x-total-count']) }
      : undefined;
  };

  return {
    has: (location) => templates.has(location),
    async page(location, cookies) {
      const template = templates.get(location);
      if (!template) return null;
      const auth = (await read('/api/auth/check-auth', cookies))?.body as
        { user?: { email: string; isVerified: boolean; isAdmin: boolean } } | undefined;
      const user = auth?.user;
      if (!user?.isVerified || user.isAdmin) return null;
      const [list, config] = await Promise.all([
        read(`/api/certificates/${encodeURIComponent(user.email)}?offset=0&limit=${MAX_PAGE_LIMIT}`, cookies),
        read('/api/config', cookies),
      ]);
      const certificates = list?.body;
      // More than a page of certificates: the screen reads the rest itself.
      if (!Array.isArray(certificates) || !config || certificates.length < list!.total) return null;
      const screen = ssr.renderSignedInScreen(location, { user, certificates, config: config.body });
      if (!screen) return null;
      return template
        .replace(ssr.SCREEN_MARK, () => screen.html)
        .replace(ssr.SCREEN_DATA_MARK, () => scriptJson(screen.state));
    },
  };
}
