import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import sharp from 'sharp';

/** Small real files of each kind the upload calls accept (and some they must refuse). */

export interface FilePart {
  field?: string;
  filename: string;
  contentType: string;
  data: Buffer | string;
}

/** A multipart/form-data body built by hand, as a browser sends it. */
export function multipart(file: FilePart | FilePart[], fields: Record<string, string> = {}) {
  const boundary = `----portal${crypto.randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const part of [file].flat()) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${part.field ?? 'file'}"; filename="${part.filename}"\r\n` +
          `Content-Type: ${part.contentType}\r\n\r\n`,
      ),
      Buffer.from(part.data),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** An entry already deflated (method 8): `size` and `crc` are those of the unpacked bytes. */
export interface PackedEntry {
  packed: Buffer;
  size: number;
  crc: number;
}

/** A zip with stored (uncompressed) entries, and deflated ones given as a PackedEntry. */
export function zip(entries: Record<string, string | Buffer | PackedEntry>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, content] of Object.entries(entries)) {
    const packed = typeof content === 'object' && 'packed' in content ? content : undefined;
    const data = packed ? packed.packed : Buffer.from(content as string | Buffer);
    const size = packed ? packed.size : data.length;
    const method = packed ? 8 : 0;
    const nameBytes = Buffer.from(name);
    const crc = packed ? packed.crc : zlib.crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(method, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, data);
    centrals.push(central, nameBytes);
    offset += 30 + nameBytes.length + data.length;
  }
  const cd = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(entries).length, 8);
  end.writeUInt16LE(Object.keys(entries).length, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, end]);
}

const WORD_MAIN = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml';
const MACRO_MAIN = 'application/vnd.ms-word.document.macroEnabled.main+xml';

/** A minimal Word document mammoth can read; `macro` makes it a .docm with a VBA project. */
export function docx({ text = 'Certificate of recycling', macro = false } = {}): Buffer {
  const contentTypes =
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
    '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
    '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
    '<Default Extension="xml" ContentType="application/xml"/>' +
    `<Override PartName="/word/document.xml" ContentType="${macro ? MACRO_MAIN : WORD_MAIN}"/>` +
    '</Types>';
  const rels =
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
    '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
    '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/>' +
    '</Relationships>';
  const document =
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
    '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main">' +
    `<w:body><w:p><w:r><w:t>${text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')}</w:t></w:r></w:p></w:body></w:document>`;
  return zip({
    '[Content_Types].xml': contentTypes,
    '_rels/.rels': rels,
    'word/document.xml': document,
    ...(macro ? { 'word/vbaProject.bin': Buffer.alloc(64, 1) } : {}),
  });
}

/** `size` zero bytes, deflated as a stream so that they are never whole in memory. */
export async function packedZeros(size: number): Promise<PackedEntry> {
  const deflate = zlib.createDeflateRaw({ level: 9 });
  const out: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => out.push(chunk));
  const done = new Promise((resolve, reject) => deflate.on('end', resolve).on('error', reject));
  const block = Buffer.alloc(1024 * 1024);
  let crc = 0;
  for (let left = size; left > 0; left -= block.length) {
    const part = left >= block.length ? block : block.subarray(0, left);
    crc = zlib.crc32(part, crc);
    if (!deflate.write(part)) await new Promise((resolve) => deflate.once('drain', resolve));
  }
  deflate.end();
  await done;
  return { packed: Buffer.concat(out), size, crc };
}

/**
 * A Word document that is a zip bomb: a valid .docx plus a part that unpacks to `size` bytes
 * (or, with `lie`, claims a small size in the directory and unpacks to `size` all the same).
 */
export async function docxBomb({ size = 300 * 1024 * 1024, lie = false } = {}): Promise<Buffer> {
  const bomb = await packedZeros(size);
  const entries = unzipStored(docx());
  return zip({ ...entries, 'word/media/image1.png': lie ? { ...bomb, size: bomb.packed.length } : bomb });
}

/** The entries of a zip made by zip() with stored entries only. */
function unzipStored(archive: Buffer): Record<string, Buffer> {
  const entries: Record<string, Buffer> = {};
  let p = 0;
  while (archive.readUInt32LE(p) === 0x04034b50) {
    const size = archive.readUInt32LE(p + 18);
    const nameLength = archive.readUInt16LE(p + 26);
    const name = archive.toString('utf8', p + 30, p + 30 + nameLength);
    entries[name] = archive.subarray(p + 30 + nameLength, p + 30 + nameLength + size);
    p += 30 + nameLength + size;
  }
  return entries;
}

export const png = (width = 8, height = 8) =>
  sharp({ create: { width, height, channels: 3, background: '#1D5598' } })
    .png()
    .toBuffer();

/** A PNG that claims `width`×`height` in its header (with one empty data chunk): a pixel bomb. */
export function pngClaiming(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.writeUInt8(8, 8); // bit depth
  ihdr.writeUInt8(0, 9); // greyscale
  return Buffer.concat([
    Buffer.from('89504e470d0a1a0a', 'hex'),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(Buffer.alloc(0))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export const jpegWithExif = () =>
  sharp({ create: { width: 8, height: 8, channels: 3, background: '#4a7199' } })
    .withMetadata({ exif: { IFD0: { Copyright: 'secret-exif-marker' } } })
    .jpeg()
    .toBuffer();

export const webp = () =>
  sharp({ create: { width: 8, height: 8, channels: 4, background: '#ffffff' } })
    .webp()
    .toBuffer();

export const gif = () =>
  sharp({ create: { width: 8, height: 8, channels: 3, background: '#000000' } })
    .gif()
    .toBuffer();

export const pdf = () =>
  Buffer.from(
    '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\n' +
      'trailer<</Root 1 0 R>>\n%%EOF\n',
  );

/** The signature of an OLE compound file (a legacy .doc), padded to one sector. */
export const doc = () =>
  Buffer.concat([
    Buffer.from('d0cf11e0a1b11ae1', 'hex'),
    Buffer.alloc(24),
    Buffer.from('3e000300feff', 'hex'),
    Buffer.alloc(474),
  ]);

const box = (type: string, body: Buffer) => {
  const size = Buffer.alloc(4);
  size.writeUInt32BE(8 + body.length);
  return Buffer.concat([size, Buffer.from(type, 'latin1'), body]);
};

/**
 * A real one-second clip carrying a phone's metadata (fixtures/README.md). `padTo` grows an MP4
 * or MOV to that many bytes with a trailing `free` box, which players skip: a large upload that
 * is still a playable video.
 */
export function video(type: 'mp4' | 'mov' | 'webm', padTo = 0): Buffer {
  const clip = fs.readFileSync(path.join(import.meta.dirname, 'fixtures', `clip.${type}`));
  if (padTo <= clip.length) return clip;
  if (type === 'webm') throw new Error('only MP4 and MOV clips can be padded');
  return Buffer.concat([clip, box('free', Buffer.alloc(padTo - clip.length - 8))]);
}

/** What the fixtures' metadata says, as it would appear in the file's bytes. */
export const VIDEO_METADATA = ['+40.7128-074.0060', 'Under the bridge', 'iPhone 15', 'C39XK2QJ', 'Apple'];
/** The fixtures' creation time as QuickTime stores it (seconds since 1904, `mvhd`). */
export const VIDEO_CREATION_TIME = (() => {
  const value = Buffer.alloc(4);
  value.writeUInt32BE(Date.UTC(2026, 10, 20, 21, 14, 3) / 1000 + 2_082_844_800);
  return value;
})();

/**
 * Junk that only starts like an ISO media file (`isom` is MP4, `qt  ` QuickTime): the first
 * bytes of a video and random bytes after them. Not a video: refused once the container is read.
 */
export const isoMedia = (brand: 'isom' | 'qt  ' = 'isom', payload = 4096) =>
  Buffer.concat([
    box('ftyp', Buffer.concat([Buffer.from(brand, 'latin1'), Buffer.alloc(4), Buffer.from(`${brand}mp41`, 'latin1')])),
    box('mdat', crypto.randomBytes(payload)),
  ]);

/** Junk behind an EBML header with DocType webm: starts like a WebM, is not one. */
export const webm = () =>
  Buffer.concat([
    Buffer.from('1a45dfa3', 'hex'),
    Buffer.from([0x80 | 31]),
    Buffer.from('4286810142f7810142f2810442f381084282847765626d4287810442858102', 'hex'),
    Buffer.from('18538067', 'hex'),
    crypto.randomBytes(1024),
  ]);

/** Every file (not folder) under `dir`, recursively. */
export function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name));
}
