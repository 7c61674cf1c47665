import http from 'node:http';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking'];

/** Bytes on the wire for `url` when the client accepts only `encoding`. */
function wireBytes(url: string, encoding: 'gzip' | 'br'): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'accept-encoding': encoding } }, (res) => {
        let n = 0;
        res.on('data', (d: Buffer) => (n += d.length));
        res.on('end', () => resolve(n));
      })
      .on('error', reject);
  });
}

export interface PageBytes {
  path: string;
  files: number;
  js: { gzip: number; br: number };
  css: { gzip: number; br: number };
}

/** The JS and CSS a first visit (empty cache) downloads, as the server sends it compressed. */
export async function firstVisitBytes(base: string, paths: string[], adminToken: string): Promise<PageBytes[]> {
  const browser = await puppeteer.launch({ executablePath: CHROMIUM, args: FLAGS.slice(1), headless: true });
  const out: PageBytes[] = [];
  try {
    for (const p of paths) {
      const context = await browser.createBrowserContext();
      const page = await context.newPage();
      if (p.startsWith('/admin')) {
        await context.setCookie(...sessionCookies(adminToken));
      }
      const assets = new Map<string, 'js' | 'css'>();
      page.on('response', (res) => {
        const type = res.request().resourceType();
        if (type === 'script') assets.set(res.url(), 'js');
        if (type === 'stylesheet') assets.set(res.url(), 'css');
      });
      await page.goto(`${base}${p}`, { waitUntil: 'networkidle0' });
      const entry: PageBytes = { path: p, files: assets.size, js: { gzip: 0, br: 0 }, css: { gzip: 0, br: 0 } };
      for (const [url, kind] of assets) {
        entry[kind].gzip += await wireBytes(url, 'gzip');
        entry[kind].br += await wireBytes(url, 'br');
      }
      out.push(entry);
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return out;
}

/**
 * A signed-in browser's cookies: the session, and the readable companion the server sends with
 * it (`<seconds left>-<server time>`), without which the web app takes the visitor for a guest
 * and never asks the server (web/src/lib/session-cookie.ts). The server replaces the companion
 * with its own on the first answer.
 */
function sessionCookies(token: string) {
  const at = { domain: '127.0.0.1', path: '/' };
  return [
    { name: 'sid', value: token, httpOnly: true, ...at },
    { name: 'session_expiry', value: `900-${Date.now()}`, ...at },
  ];
}

export interface LighthouseScore {
  path: string;
  score: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
}

/** A page to audit, signed in with `token` (a member's or an admin's session), or as a guest. */
export interface AuditedPage {
  path: string;
  token?: string;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

type Lhr = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];

/**
 * One Lighthouse run of a page, in the browser `chrome` runs, signed in with the session's cookies
 * in the browser (the page reads the companion from document.cookie) or as a guest without them.
 * Lighthouse's storage reset keeps cookies (its clearStorageTypes) and empties the HTTP cache and
 * the service worker, so every run is a first visit; with `disableStorageReset`, runs 2 and 3 of
 * the dashboard took 55 of its 61 requests from the cache (score 82 against 62). A lost session
 * would audit the login screen instead: that throws.
 */
async function audit(
  chrome: chromeLauncher.LaunchedChrome,
  base: string,
  { path, token }: AuditedPage,
  category: 'performance' | 'accessibility',
): Promise<Lhr> {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  try {
    const [page] = await browser.pages();
    await page!.deleteCookie(...sessionCookies('').map(({ name, domain, path: at }) => ({ name, domain, path: at })));
    if (token) await page!.setCookie(...sessionCookies(token));
  } finally {
    await browser.disconnect();
  }
  const r = await lighthouse(`${base}${path}`, {
    port: chrome.port,
    onlyCategories: [category],
    logLevel: 'error',
    output: 'json',
  });
  if (!r) throw new Error(`Lighthouse gave no result for ${path}`);
  const landed = new URL(r.lhr.finalDisplayedUrl).pathname;
  if (landed !== path) throw new Error(`Lighthouse was sent from ${path} to ${landed}`);
  return r.lhr;
}

/** Lighthouse 12, mobile profile (its default), performance only; the median of `runs`. */
export async function lighthouseScores(base: string, pages: AuditedPage[], runs: number): Promise<LighthouseScore[]> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: FLAGS });
  const out: LighthouseScore[] = [];
  try {
    for (const p of pages) {
      const all: LighthouseScore[] = [];
      for (let i = 0; i < runs; i++) {
        const lhr = await audit(chrome, base, p, 'performance');
        const a = lhr.audits;
        all.push({
          path: p.path,
          score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
          lcpMs: a['largest-contentful-paint']?.numericValue ?? NaN,
          tbtMs: a['total-blocking-time']?.numericValue ?? NaN,
          cls: a['cumulative-layout-shift']?.numericValue ?? NaN,
        });
      }
      const mid = median(all.map((s) => s.score));
      out.push(all.find((s) => s.score === mid)!);
    }
  } finally {
    chrome.kill();
  }
  return out;
}

export interface AccessibilityScore {
  path: string;
  score: number;
  /** The ids of the audits that failed (an empty list at a score of 100). */
  failed: string[];
}

/**
 * Lighthouse 12's accessibility category (issue 13: 100 on every screen it names). Its audits
 * are axe-core rules, so one run per page is exact.
 */
export async function lighthouseAccessibility(base: string, pages: AuditedPage[]): Promise<AccessibilityScore[]> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: FLAGS });
  const out: AccessibilityScore[] = [];
  try {
    for (const p of pages) {
      const lhr = await audit(chrome, base, p, 'accessibility');
      const category = lhr.categories.accessibility;
      const failed = (category?.auditRefs ?? [])
        .filter((ref) => ref.weight > 0 && lhr.audits[ref.id]?.score === 0)
        .map((ref) => ref.id);
      out.push({ path: p.path, score: Math.round((category?.score ?? 0) * 100), failed });
    }
  } finally {
    chrome.kill();
  }
  return out;
}
