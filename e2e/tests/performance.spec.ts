import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { adminApi, createCertificate, createMember } from '../support/fixtures';
import { PHONE } from '../support/phone';
import { logIn, logInAsAdmin } from '../support/session';
import { expect, test, type Page } from '../support/test';
import { inDays } from './member-support';

/**
 * Byte budgets of the web build (issue 6; docs/performance.md): what a first visit downloads, in
 * the gzip and brotli files the server sends (web/scripts/compress.ts). Bytes are deterministic,
 * so they are asserted; timings are measured by `npm run bench`, never here.
 *
 * The files a visit needs are read from Vite's manifest, and a real first visit in Chromium
 * checks that it loads no script or stylesheet outside that list, so the sum cannot undercount.
 */

const KB = 1000;
const DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

/**
 * The shell's own script (not in the manifest: web/scripts/preload-frame.ts writes it after the
 * build), which preloads the chunks of the screen at the page's path.
 */
const ROUTE_SCRIPT = 'route script';

/**
 * Issue 18, decision 0020: after `load`, every page registers the service worker, with code loaded
 * then (app/service-worker.ts, and Workbox's window library it loads). Counted in every budget.
 */
const SERVICE_WORKER = [
  'src/app/service-worker.ts',
  '../node_modules/workbox-window/build/workbox-window.prod.es5.mjs',
];

/** Budgets in gzip bytes. `/`: the target. The others: today's size plus a little room. */
const VISITS = {
  // 120 KB, the target, until the languages (issue 34): react-intl formats the compiled
  // catalogues (about 8.9 KB; the ICU parser is left out, decision 0082), and the guest screens'
  // English is in the entry (each other screen's words come with its chunk: 122.9 KB measured).
  '/': { js: 124 * KB, css: 5 * KB, modules: ['index.html', ...SERVICE_WORKER] },
  // Without TanStack Query, zod (loaded when the form is first used) and most of Mantine's CSS.
  '/login': {
    // 165 KB until issue 18's service worker registration (decision 0020), loaded after `load`;
    // 170 KB until every answer was parsed and every path built from the route table (issue 32);
    // 171 KB until recertification's routes and schemas joined that table (issue 33, 1.3 KB);
    // 173 KB until the languages (issue 34: react-intl and the English catalogue, 10 KB).
    js: 184 * KB,
    css: 13 * KB,
    modules: [
      'index.html',
      ROUTE_SCRIPT,
      'src/app/providers.tsx',
      'src/features/auth/pages/login-page.tsx',
      ...SERVICE_WORKER,
    ],
  },
  // CSS: the frame's Mantine rules, then every component's again (mantine-dashboard.css).
  '/admin/default': {
    // 250 KB until issue 18's service worker registration and offline session (decision 0020);
    // 256 KB until the device key released by the server (issue 30, F6, decision 0034): the
    // outbox indicator of the top bar reads the device store, which now unwraps its key;
    // 264 KB since the member's certificate standing above the tiles (issue 35): the certificate
    // list's query and schemas, and the error state with its retry (about 3.4 KB).
    // 264 KB until the languages (issue 34, 5.1 KB);
    // 270 KB until every word of the frame came from the catalogues (issue 34: the frame's set, and
    // the notification bell's and the outbox's, with their Intl numbers; 271.5 KB measured).
    js: 272 * KB,
    css: 40 * KB,
    modules: [
      'index.html',
      ROUTE_SCRIPT,
      'src/app/providers.tsx',
      'src/app/query-frame.tsx',
      'src/app/layouts/dashboard-layout.tsx',
      // The dashboard as a member first sees it: their certificates' standing, then the tiles.
      'src/app/dashboard-home.tsx',
      // The session check parses a signed-in answer with the contract's auth schema (auth/store.ts).
      '../contract/src/schemas/auth.ts',
      // Issue 18: at start, the outbox looks for reports waiting on the device (a few KB).
      'src/lib/device-store.ts',
      ...SERVICE_WORKER,
    ],
  },
} as const;

/** A lazily loaded chunk (a route's code, or vendor code routes share). */
const CHUNK_MAX_GZIP = 150 * KB;
/**
 * Chunks no route loads, with their own ceiling. exceljs reads a workbook for the import dialog's
 * preview (decision 0016) and is fetched only when an admin chooses an .xlsx file there.
 */
const CHUNK_EXCEPTIONS: Record<string, number> = { exceljs: 300 * KB };
const chunkCeiling = (file: string) =>
  Object.entries(CHUNK_EXCEPTIONS).find(([name]) => file.startsWith(`assets/${name}`))?.[1] ?? CHUNK_MAX_GZIP;

interface ManifestChunk {
  file: string;
  name?: string;
  src?: string;
  isDynamicEntry?: boolean;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

function readManifest(): Manifest {
  const file = path.join(DIST, '.vite/manifest.json');
  // Never vacuous: without a build there is nothing to measure, and that is a failure.
  expect(fs.existsSync(file), `${file} is missing: run npm run build`).toBe(true);
  return JSON.parse(fs.readFileSync(file, 'utf8')) as Manifest;
}

/** A module's chunk: by its source path, or (for a chunk Rollup shared between two routes) its name. */
function chunkOf(manifest: Manifest, module: string): ManifestChunk {
  const name = path.basename(module, path.extname(module));
  const chunk =
    manifest[module] ??
    Object.values(manifest).find((c) => c.src === module) ??
    Object.values(manifest).find((c) => c.isDynamicEntry && c.name === name);
  expect(chunk, `no chunk for ${module} in the manifest`).toBeDefined();
  return chunk!;
}

/** Every JS and CSS file those modules load: their chunks, static imports, and stylesheets. */
function filesOf(manifest: Manifest, modules: readonly string[]): Set<string> {
  const files = new Set<string>();
  const seen = new Set<ManifestChunk>();
  if (modules.includes(ROUTE_SCRIPT)) files.add(routeScript());
  const visit = (chunk: ManifestChunk) => {
    if (seen.has(chunk)) return;
    seen.add(chunk);
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const key of chunk.imports ?? []) visit(manifest[key]!);
  };
  for (const module of modules) if (module !== ROUTE_SCRIPT) visit(chunkOf(manifest, module));
  return files;
}

/** The route script the shell index.html names. */
function routeScript(): string {
  const match = /<script async src="\/(assets\/route-preload-[0-9a-f]+\.js)"><\/script>/.exec(
    fs.readFileSync(path.join(DIST, 'index.html'), 'utf8'),
  );
  expect(match, 'the shell names no route script (web/scripts/preload-frame.ts)').not.toBeNull();
  return match![1]!;
}

/** The frame's stylesheet (providers.tsx: Mantine's global styles, the guest screens' components). */
function frameStylesheet(manifest: Manifest): string {
  const entry = filesOf(manifest, ['index.html']);
  const sheets = [...filesOf(manifest, ['src/app/providers.tsx'])].filter((f) => f.endsWith('.css') && !entry.has(f));
  expect(sheets).toHaveLength(1);
  return sheets[0]!;
}

/**
 * The bytes sent for file with that encoding. compress.ts writes no variant that is not
 * smaller than the file (a tiny shared chunk, say), and then the server sends the file as it is.
 */
function compressedSize(file: string, encoding: 'gz' | 'br'): number {
  const compressed = path.join(DIST, `${file}.${encoding}`);
  const plain = fs.statSync(path.join(DIST, file)).size;
  if (!fs.existsSync(compressed)) {
    expect(plain, `${compressed} is missing (web/scripts/compress.ts)`).toBeLessThan(1024);
    return plain;
  }
  return fs.statSync(compressed).size;
}

function sizes(files: Set<string>) {
  const sum = (ext: string, encoding: 'gz' | 'br') =>
    [...files].filter((f) => f.endsWith(ext)).reduce((total, f) => total + compressedSize(f, encoding), 0);
  return {
    jsGzip: sum('.js', 'gz'),
    jsBrotli: sum('.js', 'br'),
    cssGzip: sum('.css', 'gz'),
    cssBrotli: sum('.css', 'br'),
  };
}

/** The scripts and stylesheets a page loads on a first visit (an empty cache: a new context). */
async function firstVisit(page: Page, url: string, ready: () => Promise<void>): Promise<Set<string>> {
  const loaded = new Set<string>();
  page.on('response', (res) => {
    const { pathname } = new URL(res.url());
    if (/\.(js|css)$/.test(pathname)) loaded.add(pathname.replace(/^\//, ''));
  });
  await page.goto(url);
  await ready();
  await page.waitForLoadState('networkidle');
  return loaded;
}

for (const [url, budget] of Object.entries(VISITS)) {
  test(`a first visit to ${url} stays within its byte budget`, async () => {
    const files = filesOf(readManifest(), budget.modules);
    const size = sizes(files);
    test.info().annotations.push({ type: 'bytes', description: `${url}: ${JSON.stringify(size)}` });
    expect(size.jsGzip, `JS of ${url}, gzip`).toBeLessThanOrEqual(budget.js);
    expect(size.cssGzip, `CSS of ${url}, gzip`).toBeLessThanOrEqual(budget.css);
    expect(size.jsBrotli).toBeLessThan(size.jsGzip);
  });
}

test('no JS chunk exceeds 150 KB gzip (the workbook reader of the import dialog: 300 KB)', () => {
  const manifest = readManifest();
  const chunks = Object.values(manifest).filter((c) => c.file.endsWith('.js'));
  expect(chunks.length).toBeGreaterThan(10);
  for (const chunk of chunks) {
    expect(compressedSize(chunk.file, 'gz'), chunk.file).toBeLessThanOrEqual(chunkCeiling(chunk.file));
  }
});

test('a guest first visit to / and /login loads only the files their budgets count', async ({ browser }) => {
  const manifest = readManifest();
  for (const url of ['/', '/login'] as const) {
    const context = await browser.newContext();
    const page = await context.newPage();
    const heading = url === '/' ? 'Welcome to Certified Recycling Advocate' : 'Welcome Back';
    const loaded = await firstVisit(page, url, () =>
      expect(page.getByRole('heading', { name: heading })).toBeVisible(),
    );
    expect(loaded.size).toBeGreaterThan(0);
    expect(
      [...loaded].filter((file) => !filesOf(manifest, VISITS[url].modules).has(file)),
      url,
    ).toEqual([]);
    await context.close();
  }
});

test('a signed-in first visit to /admin/default loads only the files its budget counts', async ({ browser }) => {
  const signIn = await browser.newContext();
  await logInAsAdmin(await signIn.newPage());
  const storageState = await signIn.storageState();
  await signIn.close();

  // A new context starts with an empty cache: this is a first visit, with a session.
  const context = await browser.newContext({ storageState });
  const page = await context.newPage();
  const loaded = await firstVisit(page, '/admin/default', () =>
    expect(page.getByRole('heading', { name: 'Dashboard' }).first()).toBeVisible(),
  );
  const counted = filesOf(readManifest(), VISITS['/admin/default'].modules);
  expect([...loaded].filter((file) => !counted.has(file))).toEqual([]);
  await context.close();
});

test("the frame's Mantine stylesheet comes before the dashboards' on a signed-in first visit", async ({ browser }) => {
  const signIn = await browser.newContext();
  await logInAsAdmin(await signIn.newPage());
  const storageState = await signIn.storageState();
  await signIn.close();

  // mantine-dashboard.css repeats the frame's rules in styles.css's order only if it comes after.
  const manifest = readManifest();
  const frame = frameStylesheet(manifest);
  const dashboard = chunkOf(manifest, 'src/app/layouts/dashboard-layout.tsx').css ?? [];
  expect(dashboard.length).toBeGreaterThan(0);
  const context = await browser.newContext({ storageState });
  const page = await context.newPage();
  await page.goto('/admin/default');
  await expect(page.getByRole('heading', { name: 'Dashboard' }).first()).toBeVisible();
  const links = page.locator('link[rel=stylesheet]');
  const sheets: string[] = [];
  for (let i = 0; i < (await links.count()); i++) sheets.push((await links.nth(i).getAttribute('href'))!.slice(1));
  const at = (file: string) => sheets.indexOf(file);
  expect(at(frame)).toBeGreaterThanOrEqual(0);
  for (const file of dashboard) expect(at(file), file).toBeGreaterThan(at(frame));
  await context.close();
});

test('/ and /login answer prerendered pages, compressed; other pages the shell with its loader', async ({
  request,
}) => {
  const landing = await request.get('/', { headers: { 'accept-encoding': 'br, gzip' } });
  expect(landing.headers()['content-encoding']).toBe('br');
  expect(landing.headers()['vary']).toContain('accept-encoding');
  expect(landing.headers()['cache-control']).toBe('no-cache');
  const html = await landing.text();
  // The text is in the HTML: it paints before any script runs.
  expect(html).toContain('<h1>Welcome to Certified Recycling Advocate</h1>');
  expect(html).toContain('For Non-Certified Individuals');
  // The CSP allows no inline script.
  expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);

  // /login, for a visitor without a session: a snapshot of the screen, unusable until replaced.
  const loginRes = await request.get('/login', { headers: { 'accept-encoding': 'br, gzip' } });
  expect(loginRes.headers()['content-encoding']).toBe('br');
  expect(loginRes.headers()['vary']).toContain('cookie');
  expect(loginRes.headers()['vary']).toContain('accept-encoding');
  const login = await loginRes.text();
  expect(login).toMatch(/<h1[^>]*>Welcome Back<\/h1>/);
  expect(login).toContain('<div id="root" data-prerendered="snapshot" inert>');
  expect(login.match(/<input /g)?.length).toBeGreaterThanOrEqual(2);
  expect(login).not.toMatch(/<input (?!readonly="")/);
  expect(login).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
  expect(login).not.toContain('Welcome to Certified Recycling Advocate');

  // Every other page, and /login for a request with a session, get the shell, which shows the
  // full-screen loader until the screen is in.
  const shell = await (await request.get('/signup')).text();
  expect(shell).toContain('<div id="root" data-prerendered="loader"><div class="full-screen-loader" role="status">');
  const signedIn = await (await request.get('/login', { headers: { cookie: 'sid=any' } })).text();
  expect(signedIn).toBe(shell);

  // The shell fetches the frame with the entry chunk (web/scripts/preload-frame.ts); `/` does not,
  // and neither does the login snapshot, which needs only the frame's stylesheet to paint.
  const manifest = readManifest();
  const providers = chunkOf(manifest, 'src/app/providers.tsx').file;
  expect(shell).toContain(`<link rel="modulepreload" crossorigin href="/${providers}">`);
  for (const page of [html, login]) expect(page).not.toContain(providers);
  expect(login).toContain(`<link rel="stylesheet" crossorigin href="/${frameStylesheet(manifest)}">`);
  // ...and its script preloads the screen's own chunks by path; `/` and the snapshot need none of it.
  const script = routeScript();
  expect(shell).toContain(`<script async src="/${script}"></script>`);
  for (const page of [html, login]) expect(page).not.toContain(script);
  const preloads = await (await request.get(`/${script}`)).text();
  expect(preloads).toContain(chunkOf(readManifest(), 'src/features/auth/pages/login-page.tsx').file);
});

test('before any module has run, the shell shows the loader and, with a session, preloads the screen', async ({
  browser,
}) => {
  const manifest = readManifest();
  const entry = manifest['index.html']!.file;
  const dashboard = chunkOf(manifest, 'src/app/dashboard-home.tsx').file;
  const signIn = await browser.newContext();
  await logInAsAdmin(await signIn.newPage());
  const storageState = await signIn.storageState();
  await signIn.close();
  for (const state of [storageState, undefined]) {
    const context = await browser.newContext({ storageState: state });
    const page = await context.newPage();
    // The entry chunk never comes: whatever is on screen, and every preload, is the shell's own.
    await page.route(`**/${entry}`, () => undefined);
    const script = page.waitForResponse((r) => r.url().endsWith(`/${routeScript()}`));
    await page.goto('/admin/default', { waitUntil: 'commit' });
    await expect(page.getByRole('status')).toHaveText('Loading…');
    await (await script).finished();
    const preloads = page.locator(`link[rel=modulepreload][href="/${dashboard}"]`);
    // A guest is sent to /login once the scripts run, and needs none of the dashboard.
    if (state) await expect(preloads).toHaveCount(1);
    else expect(await preloads.count()).toBe(0);
    await context.close();
  }
});

/** Holds back the chunk built from `module` until the returned function is called. */
async function holdBack(page: Page, module: string): Promise<() => void> {
  const chunk = chunkOf(readManifest(), module).file;
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(`**/${chunk}`, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

test('the login snapshot shows at once, cannot be used, and the live screen takes its place', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    // The session check's 401 (a guest) is logged by the browser as a failed resource.
    if (message.type() === 'error' && !message.text().includes('401')) errors.push(message.text());
  });
  // Hold the screen's chunk back: until it comes, the snapshot is all there is.
  const release = await holdBack(page, 'src/features/auth/pages/login-page.tsx');
  await page.goto('/login');
  const root = page.locator('#root');
  await expect(page.locator('h1', { hasText: 'Welcome Back' })).toBeVisible();
  await expect(root).toHaveAttribute('inert', '');
  const fontsReady = () => page.evaluate('document.fonts.ready.then(() => true)');
  await fontsReady();
  const snapshot = await page.screenshot();
  // Nothing can be typed into it, so nothing typed can be lost when it is replaced.
  const email = page.locator('input[type=email]');
  await expect(email).toHaveAttribute('readonly', '');
  await email.press('a', { timeout: 1000 }).catch(() => undefined);
  await expect(email).toHaveValue('');

  release();
  await expect(root).not.toHaveAttribute('inert');
  await expect(root).not.toHaveAttribute('data-prerendered');
  await expect(page.locator('h1', { hasText: 'Welcome Back' })).toHaveCount(1);
  // Pixel for pixel what the snapshot showed: its CSS, fonts and colour scheme are the screen's.
  await fontsReady();
  // Polled: a frame may still be settling as the live screen mounts; it must come to rest on
  // exactly the snapshot's pixels (a screen that never matches fails after the timeout).
  await expect
    .poll(async () => Buffer.compare(await page.screenshot(), snapshot), {
      message: 'the live screen differs from the snapshot',
    })
    .toBe(0);
  await page.getByLabel('Email Address').fill('someone@example.org');
  await expect(page.getByLabel('Email Address')).toHaveValue('someone@example.org');
  await expect(page.getByLabel('Email Address')).not.toHaveAttribute('readonly');
  await page.getByRole('button', { name: 'Login' }).click();
  // The live form validates: a missing password is a field error.
  await expect(page.getByText('Password is required')).toBeVisible();
  expect(errors).toEqual([]);
});

test('a member’s dashboard arrives with their standing, inert until the live screen takes its place', async ({
  page,
}) => {
  // Decision 0080: the server renders the member's first screen with their data.
  const admin = await adminApi();
  const member = await createMember(admin, { name: 'Sam Snapshot' });
  await createCertificate(admin, { userEmail: member.email, name: 'Snapshot Due Certificate', validTill: inDays(12) });
  await page.setViewportSize(PHONE);
  await logIn(page, member.email, member.password);
  const due = '“Snapshot Due Certificate” expires on';
  // The dashboard that login opened has read the certificates, so none of its reads is counted below.
  await expect(page.getByRole('region', { name: 'Your certificates' })).toContainText(due);

  const res = await page.request.get('/admin/default');
  expect(res.headers()['cache-control']).toBe('no-store');
  // React separates the parts of a text by comments.
  const html = (await res.text()).replaceAll('<!-- -->', '');
  expect(html).toContain('<div id="root" data-prerendered="snapshot" inert>');
  expect(html).toContain(due);
  expect(html).toContain('<script type="application/json" id="first-screen-data">');
  // The CSP allows no inline script: the answers travel as data, never as code.
  expect(html).not.toMatch(/<script(?![^>]*\b(src=|type="application\/json"))[^>]*>/);
  // The intake form too, which nothing can be typed into before it is live.
  const form = await (await page.request.get('/admin/report')).text();
  expect(form).toContain('Drafts and unsent reports on this device are encrypted');
  expect(form).not.toMatch(/<(input|textarea) (?!readonly="")/);

  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  const lists: string[] = [];
  page.on('request', (r) => /^\/api\/certificates\//.test(new URL(r.url()).pathname) && lists.push(r.url()));
  // Hold the screen's chunk back: until it comes, the server's HTML is all there is.
  const release = await holdBack(page, 'src/app/dashboard-home.tsx');
  await page.goto('/admin/default');
  const root = page.locator('#root');
  const standing = root.locator('section').filter({ hasText: 'Your certificates' });
  await expect(standing).toContainText(due);
  await expect(root).toHaveAttribute('inert', '');
  await page.evaluate('document.fonts.ready.then(() => true)');
  const snapshot = await standing.screenshot();
  // The mark comes off with the commit that replaces the snapshot, never before: a tap or a Tab
  // on the snapshot while the live screen renders would be lost with it.
  await page.evaluate(`(() => {
    const live = document.getElementById('root');
    const server = live.firstElementChild;
    new MutationObserver((_, observer) => {
      if (live.dataset.prerendered) return;
      observer.disconnect();
      document.body.dataset.snapshotAtTakeOver = String(live.contains(server));
    }).observe(live, { attributes: true, attributeFilter: ['data-prerendered'] });
  })()`);

  release();
  await expect(root).not.toHaveAttribute('inert');
  await expect(page.locator('body')).toHaveAttribute('data-snapshot-at-take-over', 'false');
  await expect(page.getByRole('region', { name: 'Your certificates' })).toContainText(due);
  await expect
    .poll(async () => Buffer.compare(await standing.screenshot(), snapshot), {
      message: 'the live standing differs from the one the server rendered',
    })
    .toBe(0);
  // The live screen was rendered from the answers the page came with, without asking again.
  expect(lists).toEqual([]);
  await page
    .getByRole('region', { name: 'Your certificates' })
    .getByRole('link', { name: 'View certificates' })
    .click();
  await expect(page).toHaveURL(/\/admin\/certificates$/);
  await expect(page.getByText('Snapshot Due Certificate').first()).toBeVisible();
  expect(errors).toEqual([]);
});

test('hashed assets are sent compressed and cached for good', async ({ request }) => {
  const manifest = readManifest();
  for (const file of [chunkOf(manifest, 'index.html').file, frameStylesheet(manifest)]) {
    for (const encoding of ['br', 'gzip'] as const) {
      const res = await request.get(`/${file}`, { headers: { 'accept-encoding': encoding } });
      expect(res.status(), file).toBe(200);
      expect(res.headers()['content-encoding'], file).toBe(encoding);
      expect(res.headers()['cache-control'], file).toBe('public, max-age=31536000, immutable');
    }
  }
});
