import fs from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type ResolvedConfig } from 'vite';

/** The landing page's HTML, served for `/` (server/src/app.ts); index.html stays the empty shell. */
export const PRERENDERED_LANDING = 'landing.html';

const SSR_ENTRY = 'src/features/landing/prerender.tsx';

/**
 * After the client build (config), renders the landing page to HTML with react-dom/server and
 * writes dist/landing.html: the shell with that HTML in #root and the fonts the first screen
 * paints with preloaded. Its text shows before any script runs; main.tsx hydrates it.
 *
 * The page is rendered by a second (SSR) build of the same config, so its CSS module class names
 * are the client build's; a check below fails the build if one is missing from the stylesheets.
 */
export async function prerenderLanding(config: ResolvedConfig): Promise<void> {
  const outDir = path.resolve(config.root, config.build.outDir);
  const ssrDir = path.join(config.root, 'node_modules/.cache/portal-prerender');
  await build({
    configFile: config.configFile,
    root: config.root,
    mode: config.mode,
    logLevel: 'warn',
    build: { ssr: SSR_ENTRY, outDir: ssrDir, emptyOutDir: true, manifest: false, ssrManifest: false },
  });
  const entry = path.join(ssrDir, `${path.basename(SSR_ENTRY, path.extname(SSR_ENTRY))}.js`);
  const { renderLandingPage } = (await import(pathToFileURL(entry).href)) as { renderLandingPage: () => string };
  // React's server renderer adds a preload for every image; the one image (the logo) is also the
  // page's icon, and a <link> inside #root would not match what the browser hydrates.
  const markup = renderLandingPage().replace(/<link rel="preload" as="image"[^>]*>/g, '');
  await fs.rm(ssrDir, { recursive: true, force: true });

  const shell = await fs.readFile(path.join(outDir, 'index.html'), 'utf8');
  const css = await readStylesheets(outDir, shell);
  const missing = classNames(markup).filter((name) => !css.includes(`.${name}`));
  if (missing.length) throw new Error(`prerender: classes without a rule in the built CSS: ${missing.join(', ')}`);
  if (!shell.includes('<div id="root"></div>')) throw new Error('prerender: no empty #root in index.html');

  const page = shell
    .replace('</title>', `</title>\n${await fontPreloads(outDir)}`)
    .replace('<div id="root"></div>', `<div id="root">${markup}</div>`);
  await fs.writeFile(path.join(outDir, PRERENDERED_LANDING), page);
}

async function readStylesheets(outDir: string, html: string): Promise<string> {
  const hrefs = [...html.matchAll(/<link rel="stylesheet"[^>]*href="([^"]+)"/g)].map((m) => m[1]!);
  const sheets = await Promise.all(hrefs.map((href) => fs.readFile(path.join(outDir, href), 'utf8')));
  return sheets.join('\n');
}

const classNames = (markup: string) => [
  ...new Set([...markup.matchAll(/class="([^"]*)"/g)].flatMap((m) => m[1]!.split(/\s+/).filter(Boolean))),
];

/**
 * The landing page paints DM Sans 400 (text) and 700 (headings, buttons) in the Latin subset:
 * preloading those two files keeps the text from swapping fonts (and shifting) late.
 */
async function fontPreloads(outDir: string): Promise<string> {
  const assets = await fs.readdir(path.join(outDir, 'assets'));
  const wanted = [/^dm-sans-latin-400-normal-.*\.woff2$/, /^dm-sans-latin-700-normal-.*\.woff2$/];
  return wanted
    .map((pattern) => {
      const file = assets.find((name) => pattern.test(name));
      if (!file) throw new Error(`prerender: no font file matches ${pattern}`);
      return `    <link rel="preload" href="/assets/${file}" as="font" type="font/woff2" crossorigin />`;
    })
    .join('\n');
}
