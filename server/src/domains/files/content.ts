import fsp from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import { MAX_DOCUMENT_BYTES, MAX_IMAGE_BYTES, MAX_IMPORT_BYTES, MAX_VIDEO_BYTES } from '@portal/contract';
import { HttpError } from '../../lib/errors';
import type { UploadKind } from './plugin';
import type { VideoType } from './video-remux';

export const UPLOAD_MESSAGES = {
  unsupported: 'This type of file is not accepted.',
  tooLarge: 'The file is too large.',
  documentsAdminOnly: 'Only administrators may upload Word documents; send a PDF.',
  noFile: 'No file was sent.',
  dailyAllowance: 'You have reached your upload allowance for today. Try again tomorrow.',
  pendingAllowance:
    'Too many of your uploads are not yet part of a report or profile. Submit them, or try again tomorrow.',
} as const;

export const unsupported = () => new HttpError(415, UPLOAD_MESSAGES.unsupported);
export const overDailyAllowance = () => new HttpError(413, UPLOAD_MESSAGES.dailyAllowance);
export const overPendingAllowance = () => new HttpError(413, UPLOAD_MESSAGES.pendingAllowance);
export const tooLarge = () => new HttpError(413, UPLOAD_MESSAGES.tooLarge);

export const KIND_LIMITS: Record<UploadKind, number> = {
  image: MAX_IMAGE_BYTES,
  document: MAX_DOCUMENT_BYTES,
  video: MAX_VIDEO_BYTES,
  import: MAX_IMPORT_BYTES,
};

export const DOCX_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
export const DOC_TYPE = 'application/msword';

export interface Accepted {
  kind: UploadKind;
  /** The type the file is served with. */
  contentType: string;
  /** The sniffed type needs a closer look at the whole file (a zip that may be a .docx). */
  verifyDocx?: boolean;
  /** sharp's output format for images. */
  imageFormat?: 'jpeg' | 'png' | 'webp' | 'gif';
  /** Videos are remuxed into a container of this type, without metadata (video.ts). */
  video?: VideoType;
}

/**
 * What we accept, keyed by the type file-type reads from the first bytes (never the name or the
 * declared type). SVG is not here: it is a document that can carry script.
 */
const ACCEPTED: Record<string, Accepted> = {
  'image/jpeg': { kind: 'image', contentType: 'image/jpeg', imageFormat: 'jpeg' },
  'image/png': { kind: 'image', contentType: 'image/png', imageFormat: 'png' },
  'image/webp': { kind: 'image', contentType: 'image/webp', imageFormat: 'webp' },
  'image/gif': { kind: 'image', contentType: 'image/gif', imageFormat: 'gif' },
  'video/mp4': { kind: 'video', contentType: 'video/mp4', video: 'video/mp4' },
  'video/webm': { kind: 'video', contentType: 'video/webm', video: 'video/webm' },
  'video/quicktime': { kind: 'video', contentType: 'video/quicktime', video: 'video/quicktime' },
  'application/pdf': { kind: 'document', contentType: 'application/pdf' },
  // A legacy .doc is an OLE compound file.
  'application/x-cfb': { kind: 'document', contentType: DOC_TYPE },
  // A .docx is a zip; file-type names it only when [Content_Types].xml is among the first bytes.
  [DOCX_TYPE]: { kind: 'document', contentType: DOCX_TYPE, verifyDocx: true },
  'application/zip': { kind: 'document', contentType: DOCX_TYPE, verifyDocx: true },
};

/**
 * The names a file of each accepted type may carry. Images are re-encoded and videos
 * remuxed, so a name from another type of the same kind is harmless (a PNG saved as .jpg);
 * documents are served by their own type, so their name must say exactly what they are.
 */
const IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'jpe', 'jfif', 'png', 'webp', 'gif'];
const VIDEO_EXTENSIONS = ['mp4', 'm4v', 'mov', 'qt', 'webm'];
const DOCUMENT_EXTENSIONS: Record<string, string[]> = {
  'application/pdf': ['pdf'],
  [DOC_TYPE]: ['doc'],
  [DOCX_TYPE]: ['docx'],
};

/**
 * Issue 10: a file whose name claims another type than its content (a PNG named .pdf, a PDF
 * named .png, an image named .exe or .html) is refused. A name without an extension is taken on
 * its content alone.
 */
export function assertNameMatches(filename: string | undefined, accepted: Accepted): void {
  const base = (filename ?? '').replaceAll('\\', '/').split('/').pop() ?? '';
  const dot = base.lastIndexOf('.');
  if (dot <= 0) return;
  const extension = base.slice(dot + 1).toLowerCase();
  const allowed =
    accepted.kind === 'image'
      ? IMAGE_EXTENSIONS
      : accepted.kind === 'video'
        ? VIDEO_EXTENSIONS
        : (DOCUMENT_EXTENSIONS[accepted.contentType] ?? []);
  if (!allowed.includes(extension)) throw unsupported();
}

export function accept(mime: string | undefined): Accepted {
  const accepted = mime ? ACCEPTED[mime] : undefined;
  if (!accepted) throw unsupported();
  return accepted;
}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const MAX_CENTRAL_DIRECTORY = 4 * 1024 * 1024;
const MAX_CONTENT_TYPES = 1024 * 1024;
/**
 * A zip bomb is refused: a Word document may unpack to at most this much in all (the preview
 * unpacks it), and no part may unpack to more than MAX_RATIO times its packed size once it is
 * past a megabyte. Real documents are far below both: their images barely compress.
 */
export const MAX_DOCX_UNPACKED = 100 * 1024 * 1024;
/**
 * A spreadsheet to import (issue 16) may unpack to more: its sheet is XML that packs ten to
 * twenty times, and an import of 200,000 rows is a few hundred megabytes of it.
 */
export const MAX_XLSX_UNPACKED = 512 * 1024 * 1024;
const MAX_RATIO = 100;
const WORD_MAIN = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml';
const SHEET_MAIN = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml';

export interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  uncompressedSize: number;
  localHeaderOffset: number;
}

async function readAt(handle: fsp.FileHandle, position: number, length: number): Promise<Buffer> {
  const buffer = Buffer.alloc(length);
  const { bytesRead } = await handle.read(buffer, 0, length, position);
  return buffer.subarray(0, bytesRead);
}

/** The entries a zip's central directory lists (its sizes are claims, never trusted alone). */
export async function centralDirectory(handle: fsp.FileHandle, size: number): Promise<ZipEntry[]> {
  const tailLength = Math.min(size, 22 + 0xffff);
  const tail = await readAt(handle, size - tailLength, tailLength);
  let at = -1;
  for (let i = tail.length - 22; i >= 0; i--) {
    if (tail.readUInt32LE(i) === EOCD) {
      at = i;
      break;
    }
  }
  if (at < 0) throw unsupported();
  const count = tail.readUInt16LE(at + 10);
  const cdSize = tail.readUInt32LE(at + 12);
  const cdOffset = tail.readUInt32LE(at + 16);
  if (cdSize > MAX_CENTRAL_DIRECTORY || cdOffset + cdSize > size) throw unsupported();
  const cd = await readAt(handle, cdOffset, cdSize);
  const entries: ZipEntry[] = [];
  let p = 0;
  for (let i = 0; i < count; i++) {
    if (p + 46 > cd.length || cd.readUInt32LE(p) !== CENTRAL) throw unsupported();
    const nameLength = cd.readUInt16LE(p + 28);
    const extraLength = cd.readUInt16LE(p + 30);
    const commentLength = cd.readUInt16LE(p + 32);
    entries.push({
      method: cd.readUInt16LE(p + 10),
      compressedSize: cd.readUInt32LE(p + 20),
      uncompressedSize: cd.readUInt32LE(p + 24),
      localHeaderOffset: cd.readUInt32LE(p + 42),
      name: cd.toString('utf8', p + 46, p + 46 + nameLength),
    });
    p += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** Where an entry's packed bytes start, checked against the file. */
export async function entryStart(handle: fsp.FileHandle, size: number, entry: ZipEntry): Promise<number> {
  const header = await readAt(handle, entry.localHeaderOffset, 30);
  if (header.length < 30 || header.readUInt32LE(0) !== LOCAL) throw unsupported();
  const start = entry.localHeaderOffset + 30 + header.readUInt16LE(26) + header.readUInt16LE(28);
  if (start + entry.compressedSize > size) throw unsupported();
  return start;
}

/**
 * Issue 30, F4: a part the directory says is empty is read as nothing below, so its local header
 * must say so too. One that gives sizes, or leaves them to a descriptor after its data, is a part
 * whose bytes a reader that follows the local headers unpacks (exceljs's reader did), unchecked.
 */
async function assertEmptyPart(handle: fsp.FileHandle, entry: ZipEntry): Promise<void> {
  const header = await readAt(handle, entry.localHeaderOffset, 30);
  if (header.length < 30 || header.readUInt32LE(0) !== LOCAL) throw unsupported();
  const sizesAfterData = (header.readUInt16LE(6) & 0x08) !== 0;
  if (sizesAfterData || header.readUInt32LE(18) !== 0 || header.readUInt32LE(22) !== 0) throw unsupported();
}

/**
 * Refuses a zip bomb by what the directory declares and, as declarations can lie, by unpacking
 * every entry as a stream that is counted and thrown away, stopping at the first byte too many.
 */
async function assertNotABomb(
  handle: fsp.FileHandle,
  size: number,
  entries: ZipEntry[],
  maxUnpacked: number,
): Promise<void> {
  let declared = 0;
  for (const entry of entries) {
    // 0xffffffff marks ZIP64 sizes, which no document of our size needs.
    if (entry.uncompressedSize === 0xffffffff || entry.compressedSize === 0xffffffff) throw unsupported();
    if (entry.method !== 0 && entry.method !== 8) throw unsupported();
    if (entry.method === 0 && entry.uncompressedSize !== entry.compressedSize) throw unsupported();
    const ratio = entry.uncompressedSize / Math.max(1, entry.compressedSize);
    if (entry.uncompressedSize > 1024 * 1024 && ratio > MAX_RATIO) throw unsupported();
    declared += entry.uncompressedSize;
  }
  if (declared > maxUnpacked) throw unsupported();

  let budget = maxUnpacked;
  for (const entry of entries) {
    if (entry.compressedSize === 0) {
      await assertEmptyPart(handle, entry);
      continue;
    }
    if (entry.method !== 8) continue;
    const start = await entryStart(handle, size, entry);
    let unpacked = 0;
    const inflate = zlib.createInflateRaw();
    const source = handle.createReadStream({ start, end: start + entry.compressedSize - 1, autoClose: false });
    try {
      await pipeline(source, inflate, async (chunks: AsyncIterable<Buffer>) => {
        for await (const chunk of chunks) {
          unpacked += chunk.length;
          if (unpacked > entry.uncompressedSize || unpacked > budget) throw unsupported();
        }
      });
    } catch {
      throw unsupported();
    }
    budget -= unpacked;
  }
}

async function entryText(handle: fsp.FileHandle, size: number, entry: ZipEntry): Promise<string> {
  if (entry.compressedSize > MAX_CONTENT_TYPES) throw unsupported();
  const start = await entryStart(handle, size, entry);
  const data = await readAt(handle, start, entry.compressedSize);
  if (entry.method === 0) return data.toString('utf8');
  if (entry.method !== 8) throw unsupported();
  try {
    return zlib.inflateRawSync(data, { maxOutputLength: MAX_CONTENT_TYPES }).toString('utf8');
  } catch {
    throw unsupported();
  }
}

/**
 * An Office Open XML file (ECMA-376 Part 2: a zip whose [Content_Types].xml declares its main
 * part) of the given main type. Macro-enabled files and templates are refused, as is any zip
 * carrying a VBA project whatever it declares. Reads only the zip's directory and that one small
 * entry, from disk, after the zip-bomb check.
 */
async function assertOfficeFile(file: string, mainType: string, maxUnpacked: number): Promise<void> {
  const handle = await fsp.open(file, 'r');
  try {
    const { size } = await handle.stat();
    const entries = await centralDirectory(handle, size);
    if (entries.some((e) => /vbaProject|vbaData/i.test(e.name))) throw unsupported();
    await assertNotABomb(handle, size, entries, maxUnpacked);
    const contentTypes = entries.find((e) => e.name === '[Content_Types].xml');
    if (!contentTypes) throw unsupported();
    const xml = await entryText(handle, size, contentTypes);
    if (!xml.includes(`"${mainType}"`) || /macroEnabled|vbaProject/i.test(xml)) throw unsupported();
  } finally {
    await handle.close();
  }
}

/** A .docx: a Word document (never a .docm or a template). */
export const assertWordDocument = (file: string) => assertOfficeFile(file, WORD_MAIN, MAX_DOCX_UNPACKED);

/** An .xlsx: an Excel workbook (never an .xlsm or a template), for the certificate import. */
export const assertSpreadsheet = (file: string) => assertOfficeFile(file, SHEET_MAIN, MAX_XLSX_UNPACKED);
