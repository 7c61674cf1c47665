import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import fontkit from '@pdf-lib/fontkit';
import type { Verification } from '@portal/contract';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { wordsFor } from '../../lib/i18n';
import { sfntFromWoff } from '../../lib/woff';
import { previewFonts, previewPng, previewSvg, svgText } from './preview';

/**
 * Issue 31: the link preview's picture. Built from the verification's answer (the page's own
 * facts), its text escaped into SVG, and drawn in DM Sans without the network.
 */

const verification: Verification = {
  verificationId: 'pSRlD3p8QW-qTAidaG0C_OPA8MhtWET_sV86lGEhZzc',
  board: {
    name: 'Recycling Advocate Certification Board',
    url: 'https://recycling-board.example',
    logoUrl: 'https://recycling-board.example/logo.svg',
    contactEmail: 'verify@recycling-board.example',
  },
  holderName: 'Morgan Member',
  credentialName: 'Certified Recycling Advocate',
  description: 'Certified Recycling Advocate, a credential of the board.',
  criteria: 'Passed the exam.',
  certificateNo: 'CRA-2026-0042',
  issuedOn: '2025-06-30T00:00:00.000Z',
  validTill: '2031-06-30T00:00:00.000Z',
  status: 'Active',
  statusSince: null,
  renewalInProgress: false,
  checks: { issuedByBoard: true, signatureIntact: true, notRevoked: true, notSuspended: true, notExpired: true },
  checkedAt: '2026-11-27T10:00:00.000Z',
  signature: {
    valid: true,
    issuer: 'did:web:portal.example',
    signedAt: '2026-11-01T00:00:00Z',
    cryptosuite: 'eddsa-rdfc-2022',
    credentialId: 'https://portal.example/verify/x/versions/1',
    statusListCredential: 'https://portal.example/api/status-lists/revocation/1',
  },
};

/** The text of every <text> element, unescaped as an XML reader reads it. */
const texts = (svg: string) =>
  [...svg.matchAll(/<text [^>]*>([^<]*)<\/text>/g)].map(([, t]) =>
    t!
      .replaceAll('&lt;', '<')
      .replaceAll('&gt;', '>')
      .replaceAll('&quot;', '"')
      .replaceAll('&#39;', "'")
      .replaceAll('&amp;', '&'),
  );

describe('the preview’s SVG', () => {
  it('shows the status, the holder, the credential and the board, and nothing the page keeps back', async () => {
    const svg = previewSvg(verification, 'portal.example', await previewFonts());
    expect(texts(svg)).toEqual([
      'Recycling Advocate Certification Board',
      'Valid certificate',
      'Active, valid till June 30, 2031',
      'Morgan Member',
      'Certified Recycling Advocate',
      'Certificate No CRA-2026-0042 · Issued June 30, 2025',
      'Check it at portal.example',
    ]);
    // No e-mail (not even the board's), no description, no DID or ids: the picture is the minimum.
    expect(svg).not.toContain('@');
    for (const hidden of ['did:web', 'a credential of the board', 'Passed the exam', verification.verificationId]) {
      expect(svg).not.toContain(hidden);
    }
  });

  it('is in the reader’s language (issue 34): Spanish words and dates, names as written', async () => {
    const fonts = await previewFonts();
    const spanish = previewSvg(verification, 'portal.example', fonts, wordsFor('es'));
    expect(texts(spanish)).toEqual([
      'Recycling Advocate Certification Board',
      'Certificado válido',
      'Activo, válido hasta el 30 de junio de 2031',
      'Morgan Member',
      'Certified Recycling Advocate',
      'N.º de certificado CRA-2026-0042 · Emitido el 30 de junio de 2025',
      'Compruébelo en portal.example',
    ]);
    expect(spanish).toContain('xml:lang="es"');
    expect(spanish).not.toContain('direction=');
    const unclaimed = previewSvg(
      { ...verification, holderName: '', signature: { ...verification.signature, valid: false } },
      'p',
      fonts,
      wordsFor('es'),
    );
    expect(texts(unclaimed).slice(1, 4)).toEqual([
      'No se pudo verificar el certificado',
      'Su firma digital no es válida',
      'Aún no reclamado',
    ]);
    // English is as it always was: no language named on it.
    expect(previewSvg(verification, 'p', fonts, wordsFor('en'))).toBe(previewSvg(verification, 'p', fonts));
  });

  it('reads right to left in Arabic: each line from the right margin, the mark on the right', async () => {
    const arabic = previewSvg(verification, 'portal.example', await previewFonts(), wordsFor('ar'));
    expect(arabic).toMatch(/<svg [^>]*xml:lang="ar" direction="rtl">/);
    expect(texts(arabic)).toEqual([
      'Recycling Advocate Certification Board',
      'شهادة صالحة',
      'نشطة، صالحة حتى 30 يونيو 2031',
      'Morgan Member',
      'Certified Recycling Advocate',
      'رقم الشهادة CRA-2026-0042 · صدرت في 30 يونيو 2025',
      'تحقق منها على portal.example',
    ]);
    // Mirrored: what starts 64 from the left in English starts 64 from the right.
    expect([...arabic.matchAll(/<text x="(\d+)"/g)].map(([, x]) => Number(x))).toEqual([
      1136, 1012, 1012, 1136, 1136, 1136, 1136,
    ]);
    expect(arabic).toContain('<g transform="translate(1072 196)">');
    const png = await previewPng(verification, 'portal.example', wordsFor('ar'));
    expect((await sharp(png).metadata()).width).toBe(1200);
  });

  it('says a certificate whose signature does not check out could not be verified, whatever its status', async () => {
    const svg = previewSvg(
      { ...verification, signature: { ...verification.signature, valid: false } },
      'portal.example',
      await previewFonts(),
    );
    expect(texts(svg).slice(1, 3)).toEqual([
      'Certificate could not be verified',
      'Its digital signature does not check out',
    ]);
    const revoked = previewSvg(
      { ...verification, status: 'Revoked', statusSince: '2026-11-20T00:00:00.000Z' },
      'portal.example',
      await previewFonts(),
    );
    expect(texts(revoked).slice(1, 3)).toEqual(['Revoked certificate', 'Revoked on November 20, 2026']);
  });

  it('escapes <"&\' and drops control characters and direction overrides, so a name cannot break out', async () => {
    expect(svgText(`a<b>"c"&'d'`)).toBe('a&lt;b&gt;&quot;c&quot;&amp;&#39;d&#39;');
    expect(svgText('Bell\u0007 Tab\u0009 \u202eevil\u202c Nul\u0000')).toBe('Bell Tab evil Nul');
    // Joiners that scripts and emoji need are kept.
    expect(svgText('می\u200cخواهم 👩\u200d🔬')).toBe('می\u200cخواهم 👩\u200d🔬');

    const holderName = `Zoë <"&'> O'Brien</text><script>x</script>\u0001\u202e`;
    const svg = previewSvg({ ...verification, holderName }, 'portal.example', await previewFonts());
    expect(svg).not.toContain('<script');
    expect(texts(svg)).toContain(`Zoë <"&'> O'Brien</text><script>x</script>`);
    // It renders: librsvg refuses a document that is not well-formed XML.
    const png = await previewPng({ ...verification, holderName }, 'portal.example');
    expect((await sharp(png).metadata()).width).toBe(1200);
  });

  it('fits a long name: smaller, then cut with an ellipsis at a whole character', async () => {
    const fonts = await previewFonts();
    const long = `${'Wolfeschlegelsteinhausenbergerdorff '.repeat(4)}👩‍🔬`;
    const [, , , holder] = texts(previewSvg({ ...verification, holderName: long }, 'portal.example', fonts));
    expect(holder!.endsWith('…')).toBe(true);
    expect(long.startsWith(holder!.slice(0, -1))).toBe(true);
    const size = Number(
      /font-size="(\d+)"[^>]*>Wolfe/.exec(previewSvg({ ...verification, holderName: long }, 'p', fonts))![1],
    );
    expect(size).toBe(40);
    // A short one keeps the largest size.
    expect(previewSvg(verification, 'p', fonts)).toContain(
      'font-size="68" font-weight="700" fill="#1b2430">Morgan Member',
    );
  });

  it('draws its text in DM Sans, from the fonts in the repository, with no network', async () => {
    await previewFonts();
    const sample = (family: string) =>
      sharp(
        Buffer.from(
          `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="80"><rect width="600" height="80" fill="#fff"/><text x="10" y="60" font-size="48" font-family="${family}">Rgqa Valid 2031</text></svg>`,
        ),
      )
        .raw()
        .toBuffer();
    // Were DM Sans unknown to fontconfig, both would be drawn in the same fallback face.
    const [dmSans, unknown] = await Promise.all([sample('DM Sans'), sample('No Such Family')]);
    expect(dmSans.equals(unknown)).toBe(false);
  });
});

describe('WOFF to sfnt', () => {
  const woffOf = (name: string) =>
    fs.readFileSync(
      path.join(
        path.dirname(createRequire(import.meta.url).resolve('@fontsource/dm-sans/package.json')),
        'files',
        name,
      ),
    );

  it('gives the font the WOFF wraps, table for table', () => {
    const woff = woffOf('dm-sans-latin-700-normal.woff');
    const sfnt = sfntFromWoff(woff);
    expect(sfnt.readUInt32BE(0)).toBe(woff.readUInt32BE(4)); // the flavour: TrueType or CFF
    expect(sfnt.readUInt16BE(4)).toBe(woff.readUInt16BE(12));
    const fromWoff = fontkit.create(woff);
    const fromSfnt = fontkit.create(sfnt);
    expect(fromSfnt.familyName).toBe('DM Sans');
    expect(fromSfnt.numGlyphs).toBe(fromWoff.numGlyphs);
    expect(fromSfnt.layout('Valid certificate').advanceWidth).toBe(fromWoff.layout('Valid certificate').advanceWidth);
  });

  it('refuses what is not a WOFF 1.0 font', () => {
    const woff = woffOf('dm-sans-latin-400-normal.woff');
    expect(() => sfntFromWoff(woffOf('dm-sans-latin-400-normal.woff2'))).toThrow('Not a WOFF 1.0 font');
    expect(() => sfntFromWoff(woff.subarray(0, 60))).toThrow(/Malformed WOFF/);
    const corrupt = Buffer.from(woff);
    corrupt.writeUInt32BE(corrupt.readUInt32BE(44 + 12) + 1, 44 + 12); // a table's original length
    expect(() => sfntFromWoff(corrupt)).toThrow(/Malformed WOFF/);
  });
});
