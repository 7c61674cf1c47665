import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import fontkit from '@pdf-lib/fontkit';
import type { Language, Verification } from '@portal/contract';
import { type PDFFont, type PDFPage, PDFDocument, rgb } from 'pdf-lib';
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
 * Issue 34: the language a PDF is written in, from the reader's. Arabic is not one yet: DM Sans,
 * the only font the server ships (@fontsource/dm-sans, Latin and Latin Extended), has no Arabic
 * letters, and no installed package carries a font that has them, so an Arabic page would print
 * every word as '?'. pdf-lib's fontkit would shape Arabic (joining forms, a right-to-left run
 * reversed) given such a font, but applies no bidirectional algorithm to mixed text, so lines
 * that mix Arabic with Latin names and numbers would need ordering here too. Until an Arabic font
 * ships, an Arabic reader's PDF is in English, the portal's source language.
 */
export const pdfLanguage = (language: Language): Language => (language === 'ar' ? 'en' : language);

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
let fontBytes: { regular: Buffer[]; bold: Buffer[] } | undefined;

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
  }: { x: number; y: number; size: number; color?: typeof INK; center?: boolean },
) {
  let at = center ? x - widthOf(text, face, size) / 2 : x;
  for (const r of runs(text, face)) {
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
  const regular = await embed(fontBytes.regular);
  const bold = await embed(fontBytes.bold);

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
  draw(page, input.boardName, bold, { x: 40, y: height - 44, size: 18, color: rgb(1, 1, 1) });

  draw(page, w.t('pdf.heading'), bold, { x: middle, y: height - 130, size: 15, color: ACCENT, center: true });
  draw(page, w.t('pdf.certifies'), regular, { x: middle, y: height - 165, size: 13, color: MUTED, center: true });
  draw(page, holder || '—', bold, { x: middle, y: height - 210, size: 34, center: true });
  draw(page, w.t('pdf.holds'), regular, { x: middle, y: height - 245, size: 13, color: MUTED, center: true });
  let y = height - 282;
  for (const line of wrap(input.credentialName, bold, 22, width - 160).slice(0, 3)) {
    draw(page, line, bold, { x: middle, y, size: 22, color: BRAND, center: true });
    y -= 28;
  }

  // Facts on the left, the QR code on the right.
  const factsTop = 190;
  const facts: [string, string][] = [
    [w.t('pdf.certificateNo'), input.certificateNo],
    [w.t('pdf.issued'), w.day(input.issuedOn)],
    [w.t('pdf.validTill'), w.day(input.validTill)],
  ];
  // The values in a column past the longest label (in English, where they are short, at 170).
  const valuesAt = Math.max(170, 60 + Math.max(...facts.map(([label]) => widthOf(label, regular, 11))) + 16);
  facts.forEach(([label, value], i) => {
    draw(page, label, regular, { x: 60, y: factsTop - i * 26, size: 11, color: MUTED });
    draw(page, value, bold, { x: valuesAt, y: factsTop - i * 26, size: 12 });
  });
  if (input.status !== 'Active') {
    draw(page, w.t('pdf.status', { status: input.status }), bold, {
      x: 60,
      y: factsTop - 3 * 26 - 6,
      size: 16,
      color: ALERT,
    });
  }
  draw(page, w.t('pdf.verifyAt'), regular, { x: 60, y: 64, size: 10, color: MUTED });
  draw(page, input.verificationUrl, regular, { x: 60, y: 48, size: 10, color: BRAND });

  const qr = qrModules(input.verificationUrl);
  const quiet = 4;
  const box = 130;
  const cell = box / (qr.size + quiet * 2);
  const left = width - 60 - box;
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
