import { decodePDFRawStream, PDFArray, PDFDocument, PDFName, type PDFRawStream } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { pdfTextRuns } from '../../../test/pdf-text';
import { type CertificatePdfInput, pdfLanguage, qrModules, renderCertificatePdf } from './pdf';

const input: CertificatePdfInput = {
  boardName: 'Recycling Advocate Certification Board',
  boardUrl: 'https://recycling-board.example',
  productName: 'Lakeside Advocates',
  holderName: 'Morgan Member',
  credentialName: 'Certified Recycling Advocate',
  certificateNo: 'CRA-2001',
  issuedOn: new Date('2026-01-10T12:00:00Z'),
  validTill: new Date('2027-01-10T23:59:59.999Z'),
  verificationUrl: 'https://portal.example/verify/AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_abcd',
  status: 'Active',
};

describe('renderCertificatePdf', () => {
  it('makes one landscape page of the asked size, with the facts in its metadata', async () => {
    for (const [size, expected] of [
      ['a4', [842, 595]],
      ['letter', [792, 612]],
    ] as const) {
      const bytes = await renderCertificatePdf(input, size);
      expect(Buffer.from(bytes.subarray(0, 5)).toString()).toBe('%PDF-');
      const pdf = await PDFDocument.load(bytes);
      expect(pdf.getPageCount()).toBe(1);
      const { width, height } = pdf.getPage(0).getSize();
      expect([Math.round(width), Math.round(height)]).toEqual(expected);
      expect(pdf.getSubject()).toBe(input.verificationUrl);
      expect(pdf.getTitle()).toBe('Certified Recycling Advocate — Morgan Member');
      expect(pdf.getKeywords()).toContain('CRA-2001');
      expect(pdf.getAuthor()).toBe(input.boardName);
      // Issue 35: the portal's one name, from PRODUCT_NAME.
      expect(pdf.getCreator()).toBe('Lakeside Advocates portal');
    }
  });

  it('never throws on names the font cannot draw, control characters or a very long credential', async () => {
    const odd = {
      ...input,
      holderName: 'Zoë Łukasiewicz 李雷 محمد 😀\n\u0007X',
      credentialName: 'Advocate '.repeat(25),
      status: 'Revoked' as const,
    };
    const pdf = await PDFDocument.load(await renderCertificatePdf(odd, 'a4'));
    // Control characters are dropped from what is printed.
    expect(pdf.getTitle()).not.toContain('\n');
    expect(pdf.getTitle()).not.toContain('\u0007');
  });

  it('draws the QR code of the verification link, one square per dark module', async () => {
    const qr = qrModules(input.verificationUrl);
    let dark = 0;
    for (let r = 0; r < qr.size; r++) for (let c = 0; c < qr.size; c++) if (qr.dark(r, c)) dark++;
    const pdf = await PDFDocument.load(await renderCertificatePdf(input, 'a4'));
    const contents = pdf.getPage(0).node.Contents();
    const streams = contents instanceof PDFArray ? contents.asArray() : [contents];
    const text = streams
      .map((ref) => pdf.context.lookup(ref))
      .map((stream) => Buffer.from(decodePDFRawStream(stream as PDFRawStream).decode()).toString('latin1'))
      .join('\n');
    // pdf-lib draws a filled rectangle as a closed, filled path ('h' then 'f'): the top band, the
    // QR code's white box, then one per dark module.
    const filled = text.split(/\bh\s+f\b/).length - 1;
    expect(qr.size).toBeGreaterThanOrEqual(21);
    expect(filled).toBe(dark + 2);
  });

  it('writes its words and dates in the reader’s language (issue 34); names and numbers as written', async () => {
    const expired = { ...input, holderName: 'Zoë Núñez', status: 'Expired' as const };
    const english = await pdfTextRuns(await renderCertificatePdf(expired, 'a4'));
    expect(english).toEqual(
      expect.arrayContaining(['CERTIFICATE', 'This certifies that', 'holds the credential', 'Certificate No']),
    );
    expect(english).toEqual(expect.arrayContaining(['January 10, 2026', 'January 10, 2027', 'EXPIRED']));

    const bytes = await renderCertificatePdf(expired, 'a4', 'es');
    const spanish = await pdfTextRuns(bytes);
    for (const text of [
      'CERTIFICADO',
      'Se certifica que',
      'posee la credencial',
      'N.º de certificado',
      'Emitido',
      'Válido hasta',
      '10 de enero de 2026',
      '10 de enero de 2027',
      'VENCIDO',
      'Verifique este certificado en',
      // As written: the holder, the credential, the number, the board, the link.
      'Zoë Núñez',
      'Certified Recycling Advocate',
      'CRA-2001',
      input.boardName,
      input.verificationUrl,
    ]) {
      expect(spanish).toContain(text);
    }
    expect(spanish.join(' ')).not.toMatch(/CERTIFICATE|certifies|Valid till|EXPIRED/);
    const pdf = await PDFDocument.load(bytes);
    expect(pdf.getTitle()).toBe('Certified Recycling Advocate — Zoë Núñez');
    expect(pdf.getCreator()).toBe('Portal Lakeside Advocates');
  });

  it('is in Arabic for an Arabic reader: shaped letters, right to left, Latin names and numbers as written', async () => {
    expect(pdfLanguage('ar')).toBe('ar');
    expect(pdfLanguage('es')).toBe('es');
    const bytes = await renderCertificatePdf(input, 'a4', 'ar');
    const pdf = await PDFDocument.load(bytes);
    expect(pdf.catalog.get(PDFName.of('Lang'))?.toString()).toBe('(ar)');
    const texts = await pdfTextRuns(bytes);
    // Glyphs are drawn left to right: an Arabic run reads back reversed, each glyph (a joining
    // form, a ligature) mapped to its letters by the font's ToUnicode map.
    const logical = texts.map((text) => (/\p{Script=Arabic}/u.test(text) ? [...text].reverse().join('') : text));
    const letters = (text: string) => text.replace(/\s+/g, '');
    for (const words of ['شهادة', 'تشهد هذه الوثيقة بأن', 'رقم الشهادة', 'تحقق من هذه الشهادة على']) {
      expect(logical.map(letters)).toContain(letters(words));
    }
    expect(texts).toEqual(
      expect.arrayContaining(['Morgan Member', 'CRA-2001', input.verificationUrl, input.boardName]),
    );
    expect(texts.join('')).not.toMatch(/[?\uFFFD]|This certifies/);
  });

  it('draws an Arabic name on an English page in Arabic letters, not question marks', async () => {
    const texts = await pdfTextRuns(await renderCertificatePdf({ ...input, holderName: 'محمد علي' }, 'a4', 'en'));
    expect(texts).toContain('This certifies that');
    expect(texts.map((text) => [...text].reverse().join('').replace(/\s+/g, ''))).toContain('محمدعلي');
    expect(texts.join('')).not.toContain('?');
  });
});
