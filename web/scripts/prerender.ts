import fs from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
// Types only: this script runs in Node before any build, where the contract's TypeScript cannot load.
import type { Language } from '@portal/contract';
import { build, type ResolvedConfig } from 'vite';
import { FIRST_SCREEN_DATA, SCREEN_DATA_MARK, SCREEN_MARK, signedInPage } from '../src/lib/first-screen';
import { frameFiles, stylesheetLink, stylesOf } from './preload-frame';

/**
 * The pages written at build, served by server/src/app.ts; index.html stays the empty shell. Each
 * in every language (issue 34): landing.html is English, landing.es.html Spanish, and so on.
 */
export const PRERENDERED = { landing: 'landing', login: 'login' } as const;
const pageFile = (page: string, language: Language) =>
  language === 'en' ? `${page}.html` : `${page}.${language}.html`;

/** The `<html>` tag of a page in `language`, with what else it carries. */
const htmlTag = (language: Language, more = '') =>
  `<html lang="${language}"${language === 'ar' ? ' dir="rtl"' : ''}${more}>`;

const SSR_ENTRY = 'src/prerender.tsx';

/**
 * The SSR build, kept beside dist (not served): the server renders the signed-in first screens
 * with it (server/src/lib/first-screens.ts), into the pages written here by writeSignedIn.
 */
export const SSR_DIR = 'dist-ssr';

/** A page's HTML in each language (issue 34). */
type ByLanguage = Partial<Record<Language, string>>;

interface Markup {
  landing: ByLanguage;
  login: ByLanguage;
  /** The full-screen loader (components/full-screen-loader.tsx). */
  loader: string;
  /** The modules of each signed-in address: its layout and its screen (src/prerender.tsx). */
  screens: Record<string, string[]>;
  /** The signed-in first screens the server renders (src/prerender.tsx). */
  signedIn: readonly string[];
}

/**
 * Renders the prerendered pages to HTML with react-dom/server, from a second (SSR) build of the
 * same config, so that CSS module class names are the client build's.
 */
export async function renderPages(config: ResolvedConfig): Promise<Markup> {
  const ssrDir = path.join(config.root, SSR_DIR);
  await build({
    configFile: config.configFile,
    root: config.root,
    mode: config.mode,
    logLevel: 'warn',
    // Self-contained: React, Mantine and the rest bundled in their production builds (a server
    // without NODE_ENV=production would otherwise load React's development build: 19 ms a page
    // instead of 5) and resolved from nothing outside dist-ssr.
    ssr: { noExternal: true },
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    build: {
      ssr: SSR_ENTRY,
      outDir: ssrDir,
      emptyOutDir: true,
      manifest: false,
      ssrManifest: false,
      copyPublicDir: false,
    },
  });
  const entry = path.join(ssrDir, `${path.basename(SSR_ENTRY, path.extname(SSR_ENTRY))}.js`);
  const pages = (await import(pathToFileURL(entry).href)) as {
    LANGUAGES: readonly Language[];
    renderLandingPage: (language: Language) => string;
    renderLoginPage: (language: Language) => string;
    renderFullScreenLoader: () => string;
    screenModules: () => Record<string, string[]>;
    SIGNED_IN_SCREENS: readonly string[];
  };
  // React's server renderer adds a preload for every image; the one image (the logo) is also the
  // page's icon, and a <link> inside #root would not match what the browser hydrates.
  const markup = (html: string) => html.replace(/<link rel="preload" as="image"[^>]*>/g, '');
  const rendered = {
    landing: Object.fromEntries(pages.LANGUAGES.map((l) => [l, markup(pages.renderLandingPage(l))])) as ByLanguage,
    login: Object.fromEntries(pages.LANGUAGES.map((l) => [l, markup(pages.renderLoginPage(l))])) as ByLanguage,
    loader: pages.renderFullScreenLoader(),
    screens: pages.screenModules(),
    signedIn: pages.SIGNED_IN_SCREENS,
  };
  return rendered;
}

/**
 * dist/landing.html, written from the shell as the client build left it (before preload-frame.ts
 * adds the frame's links, which the landing page does without): its HTML in #root, hydrated by
 * main.tsx, and the fonts it paints with preloaded. The build fails if a class in that HTML has
 * no rule in the shell's CSS.
 */
export async function writeLanding(outDir: string, markups: ByLanguage): Promise<void> {
  const shell = await readShell(outDir);
  for (const [language, markup] of Object.entries(markups) as [Language, string][]) {
    const missing = await missingRules(outDir, shell, classNames(markup));
    if (missing.length) throw new Error(`prerender: classes without a rule in the built CSS: ${missing.join(', ')}`);
    const page = shell
      .replace('<html lang="en">', htmlTag(language))
      .replace('</title>', `</title>\n${await fontPreloads(outDir, [400, 700])}`)
      .replace('<div id="root"></div>', `<div id="root">${markup}</div>`);
    await fs.writeFile(path.join(outDir, pageFile(PRERENDERED.landing, language)), page);
  }
}

/**
 * dist/login.html, written from the shell as the client build left it, with the frame's
 * stylesheet (preload-frame.ts) but not its scripts: the login screen paints as soon as its CSS
 * and fonts are in, instead of after React, the router, Mantine and the screen's chunk have run,
 * and no script download competes with that first paint (Lighthouse: LCP 1.8 s instead of 2.3 s
 * with the frame's preloads). It is a snapshot, not hydrated: main.tsx renders the live screen
 * over it once the screen's code is loaded. Until then it cannot be used (`inert` on #root,
 * inputs `readonly`), so nothing typed is lost and nothing is submitted without script. The
 * build fails if one of Mantine's classes in it has no rule in the page's CSS.
 */
export async function writeLogin(outDir: string, markups: ByLanguage): Promise<void> {
  for (const [language, markup] of Object.entries(markups) as [Language, string][]) {
    await writeLoginIn(outDir, language, markup);
  }
}

async function writeLoginIn(outDir: string, language: Language, markup: string): Promise<void> {
  const shell = await readShell(outDir);
  if (!shell.includes('<html lang="en">')) throw new Error('prerender: no <html lang="en"> in index.html');
  const { styles } = await frameFiles(outDir);
  const links = [...styles].filter((css) => !shell.includes(`/${css}"`)).map((css) => `    ${stylesheetLink(css)}\n`);
  const snapshot = markup.replace(/<input /g, '<input readonly="" ');
  const page = shell
    // What MantineProvider sets on mount: Mantine's colour variables are scoped to it.
    .replace('<html lang="en">', htmlTag(language, ' data-mantine-color-scheme="light"'))
    .replace('</title>', `</title>\n${await fontPreloads(outDir, [400, 500, 700])}`)
    // vite-plugin-pwa puts the manifest link right before </head>, on the same line.
    .replace(/(\n *)?<\/head>/, `\n${links.join('')}  </head>`)
    .replace('<div id="root"></div>', `<div id="root" data-prerendered="snapshot" inert>${snapshot}</div>`);
  const missing = await missingRules(
    outDir,
    page,
    classNames(markup).filter((name) => name.startsWith('m_')),
  );
  if (missing.length)
    throw new Error(`prerender: login classes without a rule in the built CSS: ${missing.join(', ')}`);
  await fs.writeFile(path.join(outDir, pageFile(PRERENDERED.login, language)), page);
}

/**
 * The pages of the signed-in first screens, in SSR_DIR: as the login snapshot (the frame's
 * stylesheet, the fonts, no script preloads), with the layout's and the screen's stylesheets, and
 * marks where the server puts the member's screen and its query cache (server/src/lib/first-screens.ts),
 * and `pages.json`, which names the page of each address.
 */
export async function writeSignedIn(
  outDir: string,
  ssrDir: string,
  signedIn: readonly string[],
  screens: Record<string, string[]>,
): Promise<void> {
  const shell = await readShell(outDir);
  const { manifest, styles } = await frameFiles(outDir);
  for (const location of signedIn) {
    const modules = screens[location];
    if (!modules) throw new Error(`prerender: no modules for the signed-in screen ${location}`);
    const sheets = [...new Set([...styles, ...stylesOf(manifest, modules)])].filter(
      (css) => !shell.includes(`/${css}"`),
    );
    const page = shell
      .replace('<html lang="en">', '<html lang="en" data-mantine-color-scheme="light">')
      .replace('</title>', `</title>\n${await fontPreloads(outDir, [400, 500, 700])}`)
      .replace(/(\n *)?<\/head>/, `\n${sheets.map((css) => `    ${stylesheetLink(css)}\n`).join('')}  </head>`)
      .replace(
        '<div id="root"></div>',
        `<div id="root" data-prerendered="snapshot" inert>${SCREEN_MARK}</div>\n    <script type="application/json" id="${FIRST_SCREEN_DATA}">${SCREEN_DATA_MARK}</script>`,
      );
    await fs.writeFile(path.join(ssrDir, signedInPage(location)), page);
  }
  // What the server reads at start, to know its routes before it loads the SSR module itself.
  const pages = Object.fromEntries(signedIn.map((location) => [location, signedInPage(location)]));
  await fs.writeFile(path.join(ssrDir, 'pages.json'), JSON.stringify(pages));
}

/**
 * The shell itself (every page but `/` and a guest's `/login`), written last, from what the steps
 * before left: the full-screen loader in #root, so that a slow connection shows it at once instead
 * of a blank page until the scripts have run. main.tsx renders the live screen over it once the
 * screen's code is in. Its stylesheet is the entry's (styles/full-screen-loader.css).
 */
export async function writeShellLoader(outDir: string, markup: string): Promise<void> {
  const shell = await readShell(outDir);
  const missing = await missingRules(outDir, shell, classNames(markup));
  if (missing.length)
    throw new Error(`prerender: loader classes without a rule in the built CSS: ${missing.join(', ')}`);
  const page = shell.replace('<div id="root"></div>', `<div id="root" data-prerendered="loader">${markup}</div>`);
  await fs.writeFile(path.join(outDir, 'index.html'), page);
}

async function readShell(outDir: string): Promise<string> {
  const shell = await fs.readFile(path.join(outDir, 'index.html'), 'utf8');
  if (!shell.includes('<div id="root"></div>')) throw new Error('prerender: no empty #root in index.html');
  return shell;
}

/** Those of `names` that no stylesheet the page links has a rule for. */
async function missingRules(outDir: string, page: string, names: string[]): Promise<string[]> {
  const hrefs = [...page.matchAll(/<link rel="stylesheet"[^>]*href="([^"]+)"/g)].map((m) => m[1]!);
  const sheets = await Promise.all(hrefs.map((href) => fs.readFile(path.join(outDir, href), 'utf8')));
  const css = sheets.join('\n');
  return names.filter((name) => !css.includes(`.${name}`));
}

const classNames = (markup: string) => [
  ...new Set([...markup.matchAll(/class="([^"]*)"/g)].flatMap((m) => m[1]!.split(/\s+/).filter(Boolean))),
];

/**
 * The DM Sans files (Latin subset) of the weights a page paints with: preloading them keeps its
 * text from swapping fonts (and shifting) late.
 */
async function fontPreloads(outDir: string, weights: number[]): Promise<string> {
  const assets = await fs.readdir(path.join(outDir, 'assets'));
  return weights
    .map((weight) => {
      const pattern = new RegExp(`^dm-sans-latin-${weight}-normal-.*\\.woff2$`);
      const file = assets.find((name) => pattern.test(name));
      if (!file) throw new Error(`prerender: no font file matches ${pattern}`);
      return `    <link rel="preload" href="/assets/${file}" as="font" type="font/woff2" crossorigin />`;
    })
    .join('\n');
}
