import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import fontkit from '@pdf-lib/fontkit';
import type { Language, Verification } from '@portal/contract';
import { type PDFFont, type PDFPage, PDFDocument, rgb } from 'pdf-lib';
import bidiFactory from 'bidi-js';
import QRCode from 'qrcode';
import { wordsFor } from '../../lib/i18n';

export interface CertificatePdfInput {
  boardName: string;
  /** PRODUCT_NAME, the document's creator (issue 35). */
  productName: string;
  boardUrl: string;
  holderName: string;
  credentialName: string;
  certificateNo: string;
  issuedOn: Date;
  validTill: Date;
  verificationUrl: string;
  status: Verification['status'];
}

/**
 * Issue 34: the language a PDF is written in, from the reader's: English, Spanish or Arabic. An
 * Arabic page is drawn with IBM Plex Sans Arabic (@fontsource/ibm-plex-sans-arabic) for its
 * Arabic letters, shaped by pdf-lib's fontkit, its lines ordered by the Unicode Bidirectional
 * Algorithm (bidi-js) and laid out right to left.
 */
export const pdfLanguage = (language: Language): Language => language;

/** Landscape page sizes in points. */
const PAGE = { a4: [841.89, 595.28], letter: [792, 612] } as const;

const BRAND = rgb(0x1d / 255, 0x55 / 255, 0x98 / 255);
const ACCENT = rgb(0x4a / 255, 0x71 / 255, 0x99 / 255);
const INK = rgb(0.11, 0.14, 0.19);
const MUTED = rgb(0.29, 0.33, 0.39);
const ALERT = rgb(0.71, 0.14, 0.09);

/**
 * DM Sans (spec §9) as the web app ships it: @fontsource splits each weight into a Latin and a
 * Latin Extended file, so each character is drawn with the file that has it.
 */
function fontFiles(weight: 400 | 700): Buffer[] {
  const dir = path.join(
    path.dirname(createRequire(import.meta.url).resolve('@fontsource/dm-sans/package.json')),
    'files',
  );
  return ['latin', 'latin-ext'].map((subset) =>
    fs.readFileSync(path.join(dir, `dm-sans-${subset}-${weight}-normal.woff`)),
  );
}
/**
 * Arabic letters: IBM Plex Sans Arabic's Arabic file. Its joining forms and ligatures are glyphs
 * of their own (Unicode's presentation forms), so the ToUnicode map pdf-lib writes gives each
 * shaped glyph back its letters, and a reader's copy and search find the words.
 */
function arabicFile(weight: 400 | 700): Buffer {
  const dir = path.join(
    path.dirname(createRequire(import.meta.url).resolve('@fontsource/ibm-plex-sans-arabic/package.json')),
    'files',
  );
  return fs.readFileSync(path.join(dir, `ibm-plex-sans-arabic-arabic-${weight}-normal.woff`));
}
let fontBytes: { regular: Buffer[]; bold: Buffer[] } | undefined;
let arabicBytes: { regular: Buffer; bold: Buffer } | undefined;
let bidi: ReturnType<typeof bidiFactory> | undefined;

/** The QR code's modules (ISO/IEC 18004, error correction M): `dark(row, col)`. */
export function qrModules(text: string) {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  return { size: modules.size, dark: (row: number, col: number) => Boolean(modules.get(row, col)) };
}

/** Control characters (a newline in a name) are dropped; every other character is kept. */
const clean = (s: string) => s.replace(/[\p{Cc}\p{Cf}]/gu, '').trim();

interface Face {
  fonts: PDFFont[];
  sets: Set<number>[];
}

/** Splits text into runs, each drawn with the first font that has its characters ('?' otherwise). */
function runs(text: string, face: Face): { text: string; font: PDFFont }[] {
  const out: { text: string; font: PDFFont }[] = [];
  for (const char of clean(text)) {
    const code = char.codePointAt(0)!;
    const index = face.sets.findIndex((set) => set.has(code));
    const font = face.fonts[Math.max(index, 0)]!;
    const glyph = index >= 0 ? char : '?';
    const last = out[out.length - 1];
    if (last?.font === font) last.text += glyph;
    else out.push({ text: glyph, font });
  }
  return out;
}

const widthOf = (text: string, face: Face, size: number) =>
  runs(text, face).reduce((w, r) => w + r.font.widthOfTextAtSize(r.text, size), 0);

const ARABIC = /\p{Script=Arabic}/u;
/** The first letter of a script of its own decides, in fontkit, whether a run is laid out right to left. */
const fontkitRtl = (text: string) => ARABIC.test(/[^\p{Script=Common}\p{Script=Inherited}]/u.exec(text)?.[0] ?? '');
const NEUTRAL = /[\p{Z}\p{P}\p{S}]/u;

/**
 * A line as the Unicode Bidirectional Algorithm (UAX #9) orders it: runs of one embedding level
 * and one font, left to right as they are to be drawn, each one's text ready for `drawText`.
 * fontkit shapes a run and reverses it when its script is Arabic; a right-to-left run without
 * Arabic letters (brackets, punctuation, in a font without them) is reversed here, and a
 * left-to-right one of Arabic-script digits reversed here so fontkit's reversal undoes it.
 * Bidi formatting characters order the line and are not drawn; mirrored characters (brackets)
 * are mirrored in right-to-left runs.
 */
function visualRuns(text: string, face: Face, direction: 'ltr' | 'rtl' | 'auto'): { text: string; font: PDFFont }[] {
  bidi ??= bidiFactory();
  const line = text.replace(/\p{Cc}/gu, '').trim();
  const { levels } = bidi.getEmbeddingLevels(line, direction);
  const pieces: { text: string; font: PDFFont; level: number }[] = [];
  let i = 0;
  for (const char of line) {
    const level = levels[i]!;
    i += char.length;
    if (/\p{Cf}/u.test(char)) continue;
    const code = char.codePointAt(0)!;
    const last = pieces[pieces.length - 1];
    const glyph = level % 2 ? (bidi.getMirroredCharacter(char) ?? char) : char;
    // A space or punctuation mark stays in the run it is in when that font has it.
    const keep =
      last && last.level === level && NEUTRAL.test(char) && face.sets[face.fonts.indexOf(last.font)]!.has(code);
    const index = keep ? face.fonts.indexOf(last.font) : face.sets.findIndex((set) => set.has(code));
    const font = face.fonts[Math.max(index, 0)]!;
    const drawn = index >= 0 ? glyph : '?';
    if (last?.font === font && last.level === level) last.text += drawn;
    else pieces.push({ text: drawn, font, level });
  }
  // L2: from the highest level to the lowest odd one, reverse every sequence at that level or higher.
  const max = Math.max(0, ...pieces.map((p) => p.level));
  const minOdd = Math.min(max + 1, ...pieces.filter((p) => p.level % 2).map((p) => p.level));
  for (let level = max; level >= minOdd; level--) {
    for (let start = 0; start < pieces.length; start++) {
      if (pieces[start]!.level < level) continue;
      let end = start;
      while (end + 1 < pieces.length && pieces[end + 1]!.level >= level) end++;
      pieces.splice(start, end - start + 1, ...pieces.slice(start, end + 1).reverse());
      start = end;
    }
  }
  return pieces.map(({ text: piece, font, level }) => ({
    text: Boolean(level % 2) === fontkitRtl(piece) ? piece : [...piece].reverse().join(''),
    font,
  }));
}

type Align = 'left' | 'center' | 'right';

function draw(
  page: PDFPage,
  text: string,
  face: Face,
  {
    x,
    y,
    size,
    color = INK,
    center = false,
    align = center ? 'center' : 'left',
    direction,
  }: {
    x: number;
    y: number;
    size: number;
    color?: typeof INK;
    center?: boolean;
    align?: Align;
    /** Set on an Arabic page: the line's base direction ('rtl' for its own words, 'auto' for names). */
    direction?: 'ltr' | 'rtl' | 'auto';
  },
) {
  // Lines with Arabic letters, and every line of an Arabic page, in the bidirectional order;
  // others as they always were.
  const parts = direction || ARABIC.test(text) ? visualRuns(text, face, direction ?? 'auto') : runs(text, face);
  const width = parts.reduce((w, r) => w + r.font.widthOfTextAtSize(r.text, size), 0);
  let at = align === 'center' ? x - width / 2 : align === 'right' ? x - width : x;
  for (const r of parts) {
    page.drawText(r.text, { x: at, y, size, font: r.font, color });
    at += r.font.widthOfTextAtSize(r.text, size);
  }
}

/** Words wrapped to lines no wider than `width` (a word longer than a line is cut). */
function wrap(text: string, face: Face, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of clean(text).split(/\s+/)) {
    let piece = word;
    while (widthOf(piece, face, size) > width && piece.length > 1) {
      let cut = piece.length - 1;
      while (cut > 1 && widthOf(piece.slice(0, cut), face, size) > width) cut--;
      if (line) lines.push(line);
      lines.push(piece.slice(0, cut));
      line = '';
      piece = piece.slice(cut);
    }
    const candidate = line ? `${line} ${piece}` : piece;
    if (widthOf(candidate, face, size) > width && line) {
      lines.push(line);
      line = piece;
    } else line = candidate;
  }
  if (line) lines.push(line);
  return lines;
}

/**
 * Issue 11: a printable certificate with the facts a verifier needs, the verification link in
 * text and as a QR code (drawn as vector squares, sharp at any print size). A certificate that
 * is not Active says so in red, so a printed copy of a revoked one never looks valid.
 */
export async function renderCertificatePdf(
  input: CertificatePdfInput,
  size: 'a4' | 'letter',
  language: Language = 'en',
): Promise<Uint8Array> {
  // Issue 34: every fixed word from the catalogues (`pdf.*`), dates in the language; names,
  // titles and numbers as written.
  const w = wordsFor(pdfLanguage(language));
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  fontBytes ??= { regular: fontFiles(400), bold: fontFiles(700) };
  const embed = async (files: Buffer[]): Promise<Face> => {
    const fonts = await Promise.all(files.map((bytes) => doc.embedFont(bytes, { subset: true })));
    return { fonts, sets: fonts.map((f) => new Set(f.getCharacterSet())) };
  };
  const rtl = w.language === 'ar';
  // Arabic letters (an Arabic page, or an Arabic name on any page) need IBM Plex Sans Arabic,
  // embedded only then: pages without them are as they always were.
  const arabic =
    rtl ||
    [input.boardName, input.holderName, input.credentialName, input.certificateNo, input.verificationUrl].some((text) =>
      ARABIC.test(text),
    );
  if (arabic) arabicBytes ??= { regular: arabicFile(400), bold: arabicFile(700) };
  const regular = await embed(arabic ? [...fontBytes.regular, arabicBytes!.regular] : fontBytes.regular);
  const bold = await embed(arabic ? [...fontBytes.bold, arabicBytes!.bold] : fontBytes.bold);

  const holder = clean(input.holderName);
  doc.setTitle(`${clean(input.credentialName)} — ${holder || w.t('pdf.untitled')}`);
  doc.setAuthor(input.boardName);
  doc.setSubject(input.verificationUrl);
  doc.setKeywords([w.t('pdf.keyword'), input.certificateNo, input.credentialName]);
  doc.setCreator(w.t('pdf.creator', { product: input.productName }));
  doc.setProducer(w.t('pdf.creator', { product: input.productName }));
  doc.setLanguage(w.language);
  doc.setCreationDate(input.issuedOn);
  doc.setModificationDate(input.issuedOn);

  const [width, height] = PAGE[size];
  const page = doc.addPage([width, height]);
  const middle = width / 2;
  // An Arabic page is the mirror of the others: what starts at `x` from the left ends `x` from the right.
  const start = (x: number) => (rtl ? { x: width - x, align: 'right' as const } : { x });
  // On an Arabic page its own words are right-to-left lines; names, titles, numbers and links
  // take the direction of their first letter.
  const own = rtl ? ('rtl' as const) : undefined;
  const given = rtl ? ('auto' as const) : undefined;

  // Frame: a brand band on top, a thin accent border.
  page.drawRectangle({ x: 0, y: height - 70, width, height: 70, color: BRAND });
  page.drawRectangle({
    x: 24,
    y: 24,
    width: width - 48,
    height: height - 118,
    borderColor: ACCENT,
    borderWidth: 1.5,
  });
  draw(page, input.boardName, bold, { ...start(40), y: height - 44, size: 18, color: rgb(1, 1, 1), direction: given });

  const centered = { x: middle, center: true };
  draw(page, w.t('pdf.heading'), bold, { ...centered, y: height - 130, size: 15, color: ACCENT, direction: own });
  draw(page, w.t('pdf.certifies'), regular, { ...centered, y: height - 165, size: 13, color: MUTED, direction: own });
  draw(page, holder || '—', bold, { ...centered, y: height - 210, size: 34, direction: given });
  draw(page, w.t('pdf.holds'), regular, { ...centered, y: height - 245, size: 13, color: MUTED, direction: own });
  let y = height - 282;
  // A wrapped title keeps one direction on every line, its first letter's.
  bidi ??= bidiFactory();
  const titleDirection =
    rtl || ARABIC.test(input.credentialName)
      ? bidi.getEmbeddingLevels(clean(input.credentialName), 'auto').paragraphs[0]?.level
        ? ('rtl' as const)
        : ('ltr' as const)
      : undefined;
  for (const line of wrap(input.credentialName, bold, 22, width - 160).slice(0, 3)) {
    draw(page, line, bold, { ...centered, y, size: 22, color: BRAND, direction: titleDirection });
    y -= 28;
  }

  // Facts on the left, the QR code on the right (on an Arabic page, the other way round).
  const factsTop = 190;
  const facts: [string, string][] = [
    [w.t('pdf.certificateNo'), input.certificateNo],
    [w.t('pdf.issued'), w.day(input.issuedOn)],
    [w.t('pdf.validTill'), w.day(input.validTill)],
  ];
  // The values in a column past the longest label (in English, where they are short, at 170).
  const valuesAt = Math.max(170, 60 + Math.max(...facts.map(([label]) => widthOf(label, regular, 11))) + 16);
  facts.forEach(([label, value], i) => {
    draw(page, label, regular, { ...start(60), y: factsTop - i * 26, size: 11, color: MUTED, direction: own });
    // The number as given; the dates are in the page's language.
    draw(page, value, bold, { ...start(valuesAt), y: factsTop - i * 26, size: 12, direction: i ? own : given });
  });
  if (input.status !== 'Active') {
    draw(page, w.t('pdf.status', { status: input.status }), bold, {
      ...start(60),
      y: factsTop - 3 * 26 - 6,
      size: 16,
      color: ALERT,
      direction: own,
    });
  }
  draw(page, w.t('pdf.verifyAt'), regular, { ...start(60), y: 64, size: 10, color: MUTED, direction: own });
  draw(page, input.verificationUrl, regular, { ...start(60), y: 48, size: 10, color: BRAND, direction: given });

  const qr = qrModules(input.verificationUrl);
  const quiet = 4;
  const box = 130;
  const cell = box / (qr.size + quiet * 2);
  const left = rtl ? 60 : width - 60 - box;
  const bottom = 48;
  page.drawRectangle({ x: left, y: bottom, width: box, height: box, color: rgb(1, 1, 1) });
  for (let row = 0; row < qr.size; row++) {
    for (let col = 0; col < qr.size; col++) {
      if (!qr.dark(row, col)) continue;
      page.drawRectangle({
        x: left + (col + quiet) * cell,
        y: bottom + box - (row + quiet + 1) * cell,
        width: cell,
        height: cell,
        color: INK,
      });
    }
  }
  return doc.save();
}
