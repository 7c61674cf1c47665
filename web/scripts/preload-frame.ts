import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/** The frame of every screen but the landing page (web/src/app/router.tsx). */
const FRAME = 'src/app/providers.tsx';

/**
 * The screens a first visit may open without a session, by path (web/src/app/router.tsx): their
 * chunks are named by the shell's route script. A path ending in `/*` matches one more segment.
 */
const ROUTES: Record<string, string> = {
  '/login': 'src/features/auth/pages/login-page.tsx',
  '/signup': 'src/features/auth/pages/signup-page.tsx',
  '/forgot-password': 'src/features/auth/pages/forgot-password-page.tsx',
  '/reset-password/*': 'src/features/auth/pages/reset-password-page.tsx',
  '/verify-email': 'src/features/auth/pages/verify-email-page.tsx',
};

interface ManifestChunk {
  file: string;
  src?: string;
  name?: string;
  isDynamicEntry?: boolean;
  imports?: string[];
  css?: string[];
}

/** The frame's chunks (with what they import) and stylesheets, and the entry's chunks. */
export async function frameFiles(outDir: string) {
  const manifest = JSON.parse(await fs.readFile(path.join(outDir, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    ManifestChunk
  >;
  const frame = manifest[FRAME];
  if (!frame) throw new Error(`preload-frame: no chunk for ${FRAME} in the manifest`);
  const scripts = new Set<string>();
  const styles = new Set<string>();
  const visit = (chunk: ManifestChunk, into = scripts) => {
    if (into.has(chunk.file)) return;
    into.add(chunk.file);
    for (const key of chunk.imports ?? []) visit(manifest[key]!, into);
    for (const css of chunk.css ?? []) styles.add(css);
  };
  visit(frame);
  const entry = new Set<string>();
  visit(manifest['index.html']!, entry);
  return { manifest, scripts, styles, entry };
}

export const stylesheetLink = (css: string) => `<link rel="stylesheet" crossorigin href="/${css}">`;

/**
 * Every page but `/` and a guest's `/login` is the empty shell index.html; every one of them loads
 * the frame (providers.tsx: Mantine, the frame's stylesheet) before it can paint. Without a hint
 * the browser asks for it only once the entry chunk has run; with these links in the shell it
 * fetches it together with the entry chunk. The landing page and the login snapshot (written
 * before, from the shell as it was; prerender.ts) get none of the frame's scripts: they paint
 * without them, and scripts fetched at once would share the bandwidth their first paint needs.
 */
export async function preloadFrame(outDir: string, screens: Record<string, string[]>): Promise<void> {
  const { manifest, scripts, styles, entry } = await frameFiles(outDir);
  const file = path.join(outDir, 'index.html');
  const shell = await fs.readFile(file, 'utf8');
  const links = [
    ...[...scripts]
      .filter((js) => !shell.includes(`/${js}"`))
      .map((js) => `<link rel="modulepreload" crossorigin href="/${js}">`),
    // Fetched now, applied when the frame's chunk is imported (Vite links a chunk's CSS then, and
    // the import waits for it): linked as a stylesheet here, it held back the first paint of the
    // shell's loader, which needs none of it (Lighthouse: 0.3 s render-blocking).
    ...[...styles]
      .filter((css) => !shell.includes(`/${css}"`))
      .map((css) => `<link rel="preload" as="style" crossorigin href="/${css}">`),
  ];
  const routeScript = await writeRouteScript(outDir, manifest, new Set([...entry, ...scripts, ...styles]), screens);
  if (!shell.includes('</head>')) throw new Error('preload-frame: no </head> in index.html');
  if (!shell.includes('<script type="module"')) throw new Error('preload-frame: no module script in index.html');
  await fs.writeFile(
    file,
    shell
      .replace('<script type="module"', `<script async src="/${routeScript}"></script>\n    <script type="module"`)
      // vite-plugin-pwa puts the manifest link right before </head>, on the same line.
      .replace(/(\n *)?<\/head>/, `\n${links.map((l) => `    ${l}\n`).join('')}  </head>`),
  );
}

/**
 * The chunk built from `module`. A dynamic entry that another chunk also imports statically (the
 * dashboard layout, which the rtl layout imports) is listed under its chunk's name, not its module.
 */
function chunkOf(manifest: Record<string, ManifestChunk>, module: string): ManifestChunk {
  const name = path.basename(module, path.extname(module));
  const chunk = manifest[module] ?? Object.values(manifest).find((c) => c.isDynamicEntry && !c.src && c.name === name);
  if (!chunk) throw new Error(`preload-frame: no chunk for ${module} in the manifest`);
  return chunk;
}

/** The stylesheets of `modules` and of the chunks they import, in the order the browser applies them. */
export function stylesOf(manifest: Record<string, ManifestChunk>, modules: string[]): string[] {
  const seen = new Set<string>();
  const styles: string[] = [];
  const visit = (c: ManifestChunk) => {
    if (seen.has(c.file)) return;
    seen.add(c.file);
    for (const key of c.imports ?? []) visit(manifest[key]!);
    for (const css of c.css ?? []) if (!styles.includes(css)) styles.push(css);
  };
  for (const module of modules) visit(chunkOf(manifest, module));
  return styles;
}

/**
 * What every signed-in address loads besides its layout and screen: TanStack Query's frame
 * (router.tsx) and the schema the session check's answer is read with (features/auth/store.ts).
 */
const SIGNED_IN = ['src/app/query-frame.tsx', '../contract/src/schemas/auth.ts'];

/**
 * A screen's own chunks are asked for by the router only once the entry chunk and vendor-react
 * have run, and a signed-in screen's only after its frame, its layout and the session check
 * (over a slow network, seconds after the shell). The shell is the same for every path and the
 * CSP allows no inline script, so a small script of our own (classic, async: it runs as soon as
 * it arrives, before the module scripts) preloads the chunks and stylesheets of the screen at
 * `location.pathname` from a map written here, beside those the shell already names. A signed-in
 * address's are preloaded only with the session's readable cookie (lib/session-cookie.ts): a
 * guest sent from there to /login needs none of them.
 */
async function writeRouteScript(
  outDir: string,
  manifest: Record<string, ManifestChunk>,
  named: Set<string>,
  screens: Record<string, string[]>,
): Promise<string> {
  const chunksOf = (modules: string[]) => {
    const files = new Set<string>();
    const visit = (c: ManifestChunk) => {
      if (files.has(c.file) || named.has(c.file)) return;
      files.add(c.file);
      for (const key of c.imports ?? []) visit(manifest[key]!);
      for (const css of c.css ?? []) if (!named.has(css)) files.add(css);
    };
    for (const module of modules) visit(chunkOf(manifest, module));
    return [...files];
  };
  // Each file once, each address as indices into that list: a map of every signed-in screen
  // spelled out would be some 33 KB for the browser to parse before anything else.
  const files: string[] = [];
  const indices = (chunks: string[]) =>
    chunks.map((file) => (files.includes(file) ? files.indexOf(file) : files.push(file) - 1));
  const guest = Object.fromEntries(
    Object.entries(ROUTES).map(([route, module]) => [route, indices(chunksOf([module]))]),
  );
  const signedIn = Object.fromEntries(
    Object.entries(screens).map(([route, modules]) => [route, indices(chunksOf([...SIGNED_IN, ...modules]))]),
  );
  const source =
    `(function(){var a=${JSON.stringify(files)},g=${JSON.stringify(guest)},s=${JSON.stringify(signedIn)};` +
    `var p=location.pathname.replace(/\\/+$/,'');` +
    `var f=g[p]||g[p.replace(/\\/[^/]+$/,'/*')];` +
    `if(!f&&/(^|;\\s*)(__Host-)?session_expiry=/.test(document.cookie))f=s[p];if(!f)return;` +
    // Stylesheets are fetched, not applied (preload as style): the router's import applies them, in
    // the cascade's order.
    `for(var i=0;i<f.length;i++){var h=a[f[i]],l=document.createElement('link');` +
    `if(/\\.css$/.test(h)){l.rel='preload';l.as='style';}else l.rel='modulepreload';` +
    `l.crossOrigin='';l.href='/'+h;document.head.appendChild(l);}})();\n`;
  const hash = crypto.createHash('sha256').update(source).digest('hex').slice(0, 8);
  const name = `assets/route-preload-${hash}.js`;
  await fs.writeFile(path.join(outDir, name), source);
  return name;
}
