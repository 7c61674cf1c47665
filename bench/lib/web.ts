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

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** Lighthouse 12, mobile profile (its default), performance only; the median of `runs`. */
export async function lighthouseScores(base: string, paths: string[], runs: number): Promise<LighthouseScore[]> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: FLAGS });
  const out: LighthouseScore[] = [];
  try {
    for (const p of paths) {
      const all: LighthouseScore[] = [];
      for (let i = 0; i < runs; i++) {
        const r = await lighthouse(`${base}${p}`, {
          port: chrome.port,
          onlyCategories: ['performance'],
          logLevel: 'error',
          output: 'json',
        });
        if (!r) throw new Error(`Lighthouse gave no result for ${p}`);
        const a = r.lhr.audits;
        all.push({
          path: p,
          score: Math.round((r.lhr.categories.performance?.score ?? 0) * 100),
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
 * are axe-core rules, so one run per page is exact; pages under /admin are read as the admin.
 */
export async function lighthouseAccessibility(
  base: string,
  paths: string[],
  adminToken: string,
): Promise<AccessibilityScore[]> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: FLAGS });
  const out: AccessibilityScore[] = [];
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  try {
    const [page] = await browser.pages();
    for (const p of paths) {
      // Pages under /admin as the admin; the others as a guest (signed in, /login would send the
      // browser on to the dashboard).
      if (p.startsWith('/admin')) await page!.setCookie(...sessionCookies(adminToken));
      else await page!.deleteCookie(...sessionCookies(adminToken));
      const r = await lighthouse(`${base}${p}`, {
        port: chrome.port,
        onlyCategories: ['accessibility'],
        logLevel: 'error',
        output: 'json',
        ...(p.startsWith('/admin')
          ? {
              extraHeaders: {
                Cookie: sessionCookies(adminToken)
                  .map((c) => `${c.name}=${c.value}`)
                  .join('; '),
              },
              // The page reads the companion cookie from document.cookie: it must be in the browser.
              disableStorageReset: true,
            }
          : {}),
      });
      if (!r) throw new Error(`Lighthouse gave no result for ${p}`);
      // A lost session would score the login screen instead: say so rather than report it.
      const landed = new URL(r.lhr.finalDisplayedUrl).pathname;
      if (landed !== p) throw new Error(`Lighthouse was sent from ${p} to ${landed}`);
      const category = r.lhr.categories.accessibility;
      const failed = (category?.auditRefs ?? [])
        .filter((ref) => ref.weight > 0 && r.lhr.audits[ref.id]?.score === 0)
        .map((ref) => ref.id);
      out.push({ path: p, score: Math.round((category?.score ?? 0) * 100), failed });
    }
  } finally {
    await browser.disconnect();
    chrome.kill();
  }
  return out;
}
