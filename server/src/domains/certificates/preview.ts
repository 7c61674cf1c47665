import crypto from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import type { Font } from '@pdf-lib/fontkit';
import type { Verification } from '@portal/contract';
import { type Words, wordsFor } from '../../lib/i18n';
import { lazy } from '../../lib/lazy';
import { sfntFromWoff } from '../../lib/woff';
import { statusLine, type Tone, verdict } from './verify-page';

/**
 * Issue 31: the picture a link to a certificate's page shows in a chat, a post or a mail (Open
 * Graph `og:image`, Twitter's `summary_large_image`): 1200 × 630, the size both recommend.
 *
 * It is drawn from the verification's answer, the very object the public page shows, and from
 * these fields of it only: the status (and whether the signature checks out), the holder's name,
 * the credential, its number and dates, and the board. Never an e-mail, nor anything the page does
 * not show. The text goes into an SVG, escaped, which sharp (librsvg) renders to PNG.
 */
export const PREVIEW_WIDTH = 1200;
export const PREVIEW_HEIGHT = 630;

const MARGIN = 64;
const ENGLISH = wordsFor('en');
const TEXT_WIDTH = PREVIEW_WIDTH - 2 * MARGIN;
const FAMILY = "'DM Sans', 'DejaVu Sans', 'Noto Sans', sans-serif";

const COLOURS: Record<Tone, { ink: string; background: string }> = {
  ok: { ink: '#1e7b34', background: '#edf7ef' },
  warn: { ink: '#8a5a00', background: '#fff6e5' },
  bad: { ink: '#b42318', background: '#fdeceb' },
  muted: { ink: '#4b5563', background: '#f1f3f5' },
};

/**
 * Text made safe for SVG (XML 1.0): control characters, bidirectional overrides and lone
 * surrogates dropped (XML cannot carry most of them, and an override would let a name turn the
 * text around it), then the five markup characters escaped.
 */
export function svgText(text: string): string {
  return text
    .replace(/[\p{Cc}\p{Cs}\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\ufeff\ufffe\uffff]/gu, '')
    .replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** DM Sans (spec §9) as the web app and the PDF ship it: @fontsource's Latin and Latin Extended files. */
function fontFile(subset: 'latin' | 'latin-ext', weight: 400 | 700): string {
  const dir = path.dirname(createRequire(import.meta.url).resolve('@fontsource/dm-sans/package.json'));
  return path.join(dir, 'files', `dm-sans-${subset}-${weight}-normal.woff`);
}

type Weight = 400 | 700;

/**
 * A directory of this user's own for the fonts fontconfig reads, named by the fonts' digest so
 * that every process of the same build shares it and nothing is left behind per process. One that
 * is not a directory owned by this user and closed to others (someone else made it first) is not
 * trusted: a private one is made instead.
 */
function fontDirectory(digest: string): string {
  const uid = process.getuid?.();
  const dir = path.join(os.tmpdir(), `portal-fonts-${uid ?? 'user'}-${digest}`);
  try {
    fs.mkdirSync(dir, { mode: 0o700 });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  const stat = fs.lstatSync(dir);
  const ours = stat.isDirectory() && (uid === undefined || stat.uid === uid) && (stat.mode & 0o077) === 0;
  return ours ? dir : fs.mkdtempSync(path.join(os.tmpdir(), 'portal-fonts-'));
}

/**
 * sharp, with DM Sans made known to the fontconfig librsvg draws text with, and its metrics for
 * fitting text. fontconfig reads font files, not WOFF, so the files are written out as sfnt
 * (fontDirectory); sharp's text renderer adds a `fontfile` to the process's fontconfig set, where
 * librsvg finds it. Characters DM Sans lacks (Arabic, say) fall back to the system's fonts. Once
 * per process: the set is the process's.
 */
const renderer = lazy('certificate-preview-renderer', async () => {
  const [{ default: sharp }, { default: fontkit }] = await Promise.all([import('sharp'), import('@pdf-lib/fontkit')]);
  const weights = [400, 700] as const;
  const subsets = ['latin', 'latin-ext'] as const;
  const woffs = weights.flatMap((weight) =>
    subsets.map((subset) => ({ weight, subset, woff: fs.readFileSync(fontFile(subset, weight)) })),
  );
  const digest = crypto.createHash('sha256');
  for (const { woff } of woffs) digest.update(woff);
  const dir = fontDirectory(digest.digest('hex').slice(0, 16));
  const metrics: Record<Weight, Font[]> = { 400: [], 700: [] };
  for (const { weight, subset, woff } of woffs) {
    const file = path.join(dir, `dm-sans-${subset}-${weight}.ttf`);
    if (!fs.existsSync(file)) {
      // Written whole, then renamed: another process reading the directory never sees half a font.
      const partial = `${file}.${process.pid}.partial`;
      fs.writeFileSync(partial, sfntFromWoff(woff), { mode: 0o600 });
      fs.renameSync(partial, file);
    }
    await sharp({ text: { text: 'DM Sans', fontfile: file } })
      .png()
      .toBuffer();
    metrics[weight].push(fontkit.create(woff));
  }
  return { sharp, metrics };
});

/** The width of a line at a size, from DM Sans's advances (a character it lacks counts as 0.6 em). */
function widthOf(text: string, size: number, fonts: Font[]): number {
  let units = 0;
  for (const char of text) {
    const codePoint = char.codePointAt(0)!;
    const font = fonts.find((f) => f.hasGlyphForCodePoint(codePoint));
    units += font ? font.glyphForCodePoint(codePoint).advanceWidth / font.unitsPerEm : 0.6;
  }
  return units * size;
}

const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });

/**
 * A line made to fit its width: the largest size from `max` down to `min` at which it fits, and
 * at `min`, cut at a whole character (grapheme) with an ellipsis.
 */
function fit(
  text: string,
  fonts: Font[],
  { max, min, width = TEXT_WIDTH }: { max: number; min: number; width?: number },
) {
  for (let size = max; size >= min; size -= 2) {
    if (widthOf(text, size, fonts) <= width) return { text, size };
  }
  const parts = [...graphemes.segment(text)].map((s) => s.segment);
  while (parts.length > 1 && widthOf(`${parts.join('')}…`, min, fonts) > width) parts.pop();
  return { text: `${parts.join('').trimEnd()}…`, size: min };
}

/** The status mark in its circle: a tick for a valid certificate, a cross for a refused one, a bar otherwise. */
function markPath(tone: Tone): string {
  if (tone === 'ok') return 'M-14 1l9 9 19-21';
  if (tone === 'bad') return 'M-12 -12L12 12M12 -12L-12 12';
  return 'M-14 0H14';
}

/**
 * The SVG of a certificate's preview; `host` is the portal's, named as where to check it. Issue
 * 34: in the reader's words (`preview.*`, and the page's own headline and status line); right to
 * left in Arabic, mirrored: each line starts at the right margin (SVG `direction="rtl"`, whose
 * text-anchor start is the right end) and the status mark sits on the right. Characters DM Sans
 * lacks (Arabic letters) are drawn with the system's fonts, as an Arabic name always was.
 */
export function previewSvg(
  v: Verification,
  host: string,
  metrics: Record<Weight, Font[]>,
  words: Words = ENGLISH,
): string {
  const { headline, tone } = verdict(v, words);
  const { ink, background } = COLOURS[tone];
  const board = fit(v.board.name, metrics[700], { max: 34, min: 24 });
  const holder = fit(v.holderName || words.t('preview.notClaimed'), metrics[700], { max: 68, min: 40 });
  const credential = fit(v.credentialName, metrics[400], { max: 40, min: 28 });
  const facts = fit(
    words.t('preview.facts', { certificateNo: v.certificateNo, issued: words.day(v.issuedOn) }),
    metrics[400],
    { max: 28, min: 22 },
  );
  // Beside the mark, inside the status box.
  const inBox = { x: MARGIN + 124, width: TEXT_WIDTH - 124 - 24 };
  const title = fit(headline, metrics[700], { max: 46, min: 34, width: inBox.width });
  const status = fit(v.signature.valid ? statusLine(v, words) : words.t('preview.signatureFails'), metrics[400], {
    max: 28,
    min: 22,
    width: inBox.width,
  });
  const rtl = words.dir === 'rtl';
  /** A distance from the start edge: from the left, or from the right in a right-to-left language. */
  const at = (x: number) => (rtl ? PREVIEW_WIDTH - x : x);
  const line = (t: { text: string; size: number }, y: number, fill: string, weight: Weight, x = MARGIN) =>
    `<text x="${at(x)}" y="${y}" font-size="${t.size}" font-weight="${weight}" fill="${fill}">${svgText(t.text)}</text>`;
  // English as it always was; another language named, and Arabic's direction given.
  const language = words.language === 'en' ? '' : ` xml:lang="${words.language}"${rtl ? ' direction="rtl"' : ''}`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${PREVIEW_WIDTH}" height="${PREVIEW_HEIGHT}" viewBox="0 0 ${PREVIEW_WIDTH} ${PREVIEW_HEIGHT}" font-family="${FAMILY}"${language}>
<rect width="${PREVIEW_WIDTH}" height="${PREVIEW_HEIGHT}" fill="#ffffff"/>
<rect width="${PREVIEW_WIDTH}" height="96" fill="#1D5598"/>
${line(board, 60, '#ffffff', 700)}
<rect x="${MARGIN}" y="128" width="${TEXT_WIDTH}" height="136" rx="16" fill="${background}" stroke="${ink}" stroke-width="3"/>
<g transform="translate(${at(MARGIN + 64)} 196)"><circle r="38" fill="${ink}"/><path d="${markPath(tone)}" stroke="#ffffff" stroke-width="7" fill="none" stroke-linecap="round" stroke-linejoin="round"/></g>
${line(title, 190, ink, 700, inBox.x)}
${line(status, 234, ink, 400, inBox.x)}
${line(holder, 362, '#1b2430', 700)}
${line(credential, 420, '#4b5563', 400)}
${line(facts, 470, '#4b5563', 400)}
<rect x="${MARGIN}" y="524" width="${TEXT_WIDTH}" height="2" fill="#e5e7eb"/>
<text x="${at(MARGIN)}" y="578" font-size="26" fill="#4b5563">${svgText(words.t('preview.checkAt', { host }))}</text>
</svg>`;
}

/** Rendered previews, by the digest of their SVG: a page shared in a busy chat renders once. */
const rendered = new Map<string, Buffer>();
const RENDERED_KEPT = 64;

/** The preview as PNG bytes, in the reader's words. */
export async function previewPng(v: Verification, host: string, words: Words = ENGLISH): Promise<Buffer> {
  const { sharp, metrics } = await renderer();
  const svg = previewSvg(v, host, metrics, words);
  const key = crypto.createHash('sha256').update(svg).digest('base64url');
  const kept = rendered.get(key);
  if (kept) return kept;
  const png = await sharp(Buffer.from(svg)).png().toBuffer();
  if (rendered.size >= RENDERED_KEPT) rendered.delete(rendered.keys().next().value!);
  rendered.set(key, png);
  return png;
}

/** The fonts' metrics, for tests that build the SVG alone. */
export const previewFonts = async () => (await renderer()).metrics;
