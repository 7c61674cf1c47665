import { decodePDFRawStream, PDFArray, PDFDict, PDFDocument, PDFName, type PDFRawStream, type PDFRef } from 'pdf-lib';

/** A CMap's hex string (UTF-16BE) as text. */
const utf16 = (hex: string) => Buffer.from(hex, 'hex').swap16().toString('utf16le');

const decoded = (pdf: PDFDocument, ref: unknown) =>
  Buffer.from(decodePDFRawStream(pdf.context.lookup(ref as PDFRef) as PDFRawStream).decode()).toString('latin1');

/**
 * The texts the first page of a PDF draws, in the order drawn, one per text object: its `Tj`s read
 * through the font's ToUnicode CMap, as a PDF reader's copy and search do. The PDFs the portal makes
 * (pdf-lib, embedded subset fonts) write glyph ids, two bytes each, in hex strings, one text object
 * per run of one font (a name with letters of two of DM Sans's files is two runs).
 */
export async function pdfTextRuns(bytes: Uint8Array): Promise<string[]> {
  const pdf = await PDFDocument.load(bytes);
  const page = pdf.getPage(0);
  const fonts = page.node.Resources()!.lookup(PDFName.of('Font'), PDFDict);
  const maps = new Map<string, Map<number, string>>();
  for (const [name, ref] of fonts.entries()) {
    const font = pdf.context.lookup(ref, PDFDict);
    const cmap = decoded(pdf, font.get(PDFName.of('ToUnicode')));
    const map = new Map<number, string>();
    for (const [, block] of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
      for (const [, id, text] of block!.matchAll(/<([0-9a-f]+)>\s*<([0-9a-f]+)>/gi))
        map.set(parseInt(id!, 16), utf16(text!));
    }
    for (const [, block] of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
      for (const [, from, to, text] of block!.matchAll(/<([0-9a-f]+)>\s*<([0-9a-f]+)>\s*<([0-9a-f]+)>/gi)) {
        for (let id = parseInt(from!, 16), code = parseInt(text!, 16); id <= parseInt(to!, 16); id++, code++) {
          map.set(id, String.fromCodePoint(code));
        }
      }
    }
    maps.set(name.asString(), map);
  }
  const contents = page.node.Contents()!;
  const streams = contents instanceof PDFArray ? contents.asArray() : [contents];
  const runs: string[] = [];
  let map = new Map<number, string>();
  let line = '';
  for (const stream of streams) {
    const operators = decoded(pdf, stream).matchAll(/(\/\S+)\s+[\d.]+\s+Tf|<([0-9a-fA-F]*)>\s*Tj|\b(ET)\b/g);
    for (const [, font, hex, end] of operators) {
      if (font) map = maps.get(font) ?? new Map();
      else if (hex !== undefined) {
        for (let i = 0; i < hex.length; i += 4) line += map.get(parseInt(hex.slice(i, i + 4), 16)) ?? '\uFFFD';
      } else if (end && line) {
        runs.push(line);
        line = '';
      }
    }
  }
  return runs;
}
