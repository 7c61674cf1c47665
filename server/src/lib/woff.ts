import zlib from 'node:zlib';

const WOFF_SIGNATURE = 0x774f4646; // 'wOFF'
const HEADER_SIZE = 44;
const ENTRY_SIZE = 20;

/**
 * A WOFF 1.0 font (W3C WOFF File Format 1.0) as the plain TrueType/OpenType file it wraps: the
 * same tables, inflated where they were compressed, behind an sfnt table directory (§5, §6).
 * The fonts we bundle come as WOFF (@fontsource), and fontconfig, which renders the preview
 * image's text, reads only plain font files. Throws on anything that is not a well-formed WOFF.
 */
export function sfntFromWoff(woff: Buffer): Buffer {
  if (woff.length < HEADER_SIZE || woff.readUInt32BE(0) !== WOFF_SIGNATURE) throw new Error('Not a WOFF 1.0 font');
  const flavor = woff.readUInt32BE(4);
  const numTables = woff.readUInt16BE(12);
  if (numTables === 0 || HEADER_SIZE + numTables * ENTRY_SIZE > woff.length) throw new Error('Malformed WOFF header');
  const tables = Array.from({ length: numTables }, (_, i) => {
    const at = HEADER_SIZE + i * ENTRY_SIZE;
    const [tag, offset, compLength, origLength, checksum] = [0, 4, 8, 12, 16].map((n) => woff.readUInt32BE(at + n)) as [
      number,
      number,
      number,
      number,
      number,
    ];
    if (offset + compLength > woff.length || compLength > origLength) throw new Error('Malformed WOFF table entry');
    const stored = woff.subarray(offset, offset + compLength);
    // §5: a table is zlib-compressed exactly when its stored length is below its original one.
    const data = compLength < origLength ? zlib.inflateSync(stored) : stored;
    if (data.length !== origLength) throw new Error('Malformed WOFF table data');
    return { tag, checksum, data };
  });
  // The sfnt table directory (OpenType §5.1): searchRange and its kin from the largest power of
  // two not above the number of tables; tables follow, each padded to four bytes.
  const entrySelector = Math.floor(Math.log2(numTables));
  const searchRange = 2 ** entrySelector * 16;
  const directory = Buffer.alloc(12 + numTables * 16);
  directory.writeUInt32BE(flavor, 0);
  directory.writeUInt16BE(numTables, 4);
  directory.writeUInt16BE(searchRange, 6);
  directory.writeUInt16BE(entrySelector, 8);
  directory.writeUInt16BE(numTables * 16 - searchRange, 10);
  const parts = [directory];
  let offset = directory.length;
  tables.forEach(({ tag, checksum, data }, i) => {
    const at = 12 + i * 16;
    directory.writeUInt32BE(tag, at);
    directory.writeUInt32BE(checksum, at + 4);
    directory.writeUInt32BE(offset, at + 8);
    directory.writeUInt32BE(data.length, at + 12);
    const padded = Buffer.alloc((data.length + 3) & ~3);
    data.copy(padded);
    parts.push(padded);
    offset += padded.length;
  });
  return Buffer.concat(parts);
}
