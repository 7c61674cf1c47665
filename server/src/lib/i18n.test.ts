import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { LANGUAGES } from '@portal/contract';
import type { FastifyRequest } from 'fastify';
import { IntlMessageFormat } from 'intl-messageformat';
import { afterEach, describe, expect, it } from 'vitest';
import en from '../i18n/en';
import { CATALOGUES, loadMessageOverrides, requestLanguage, setArabicDigits, wordsFor } from './i18n';

/** The names of a message's arguments, nested ones (inside a select's options) included. */
function argumentsOf(message: string): string[] {
  const names = new Set<string>();
  const walk = (elements: unknown[]) => {
    for (const element of elements as { value?: unknown; options?: Record<string, { value: unknown[] }> }[]) {
      if (typeof element.value === 'string' && 'type' in element && (element as { type: number }).type !== 0) {
        names.add(element.value);
      }
      for (const option of Object.values(element.options ?? {})) walk(option.value);
    }
  };
  walk(new IntlMessageFormat(message, 'en').getAst());
  return [...names].sort();
}

describe('the catalogues (issue 34)', () => {
  it.each(LANGUAGES)('%s has every key of English, no other, each with the same arguments', (language) => {
    expect(argumentsOf(en['verify.cardDescription'])).toEqual([
      'board',
      'certificateNo',
      'credentialName',
      'statusLine',
    ]);
    expect(argumentsOf(en['verify.headline'])).toEqual(['status']);
    const catalogue = CATALOGUES[language];
    expect(Object.keys(catalogue).sort()).toEqual(Object.keys(en).sort());
    for (const [key, message] of Object.entries(catalogue)) {
      expect(argumentsOf(message), `${language} ${key}`).toEqual(argumentsOf(en[key as keyof typeof en]));
    }
  });

  it('formats dates in the language, Arabic with Latin digits', () => {
    const day = '2027-03-03T23:59:59.999Z';
    expect(wordsFor('en').day(day)).toBe('March 3, 2027');
    expect(wordsFor('es').day(day)).toBe('3 de marzo de 2027');
    expect(wordsFor('ar').day(day)).toMatch(/^3 مارس 2027$/);
    expect(wordsFor('ar').t('verify.statusLine.active', { validTill: wordsFor('ar').day(day) })).toBe(
      'نشطة، صالحة حتى 3 مارس 2027',
    );
  });
});

describe('the reader’s language', () => {
  const request = (query: Record<string, string>, headers: Record<string, string> = {}, cookies = {}) =>
    ({ query, headers, cookies }) as unknown as FastifyRequest;

  it('is ?lang=, else the lang cookie, else Accept-Language, else English; an unknown one falls through', () => {
    expect(requestLanguage(request({ lang: 'ar' }, { 'accept-language': 'es' }, { lang: 'es' }))).toBe('ar');
    expect(requestLanguage(request({}, { 'accept-language': 'ar' }, { lang: 'es' }))).toBe('es');
    expect(requestLanguage(request({}, { 'accept-language': 'es-MX,es;q=0.9,en;q=0.8' }))).toBe('es');
    expect(requestLanguage(request({}, { 'accept-language': 'fr-FR, ar;q=0.4' }))).toBe('ar');
    expect(requestLanguage(request({ lang: 'xx' }, { 'accept-language': 'es-MX' }, { lang: 'de' }))).toBe('es');
    expect(requestLanguage(request({}, { 'accept-language': 'fr-FR' }))).toBe('en');
    expect(requestLanguage(request({}))).toBe('en');
  });
});

describe('a deployment’s own wording (DATA_DIR/messages)', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'messages-'));
  const write = (language: string, messages: unknown) =>
    fs.writeFileSync(path.join(dir, `${language}.json`), JSON.stringify(messages));
  afterEach(() => {
    for (const file of fs.readdirSync(dir)) fs.rmSync(path.join(dir, file));
    loadMessageOverrides(dir);
  });

  it('replaces the messages it names, in its language only', () => {
    write('es', { 'verify.notFound': 'No encontramos el certificado' });
    expect(loadMessageOverrides(dir)).toEqual([path.join(dir, 'es.json')]);
    expect(wordsFor('es').t('verify.notFound')).toBe('No encontramos el certificado');
    expect(wordsFor('en').t('verify.notFound')).toBe('Certificate not found');
    expect(wordsFor('es').t('verify.holder')).toBe('Titular');
  });

  it('refuses an unknown key, a message that is not ICU, or a file that is not an object, naming them', () => {
    write('ar', { 'verify.nope': 'x' });
    expect(() => loadMessageOverrides(dir)).toThrow(/ar\.json: unknown message key "verify\.nope"/);
    write('ar', { 'verify.headline': '{status, select, Active {x}' });
    expect(() => loadMessageOverrides(dir)).toThrow(
      /ar\.json: the message "verify\.headline" is not ICU MessageFormat/,
    );
    write('ar', ['x']);
    expect(() => loadMessageOverrides(dir)).toThrow(/ar\.json: not an object of messages/);
    fs.writeFileSync(path.join(dir, 'ar.json'), '{');
    expect(() => loadMessageOverrides(dir)).toThrow(/ar\.json: not JSON/);
    // What was there before stays: a refused file changes nothing.
    expect(wordsFor('ar').t('verify.notFound')).toBe('الشهادة غير موجودة');
  });
});

describe('Arabic digits (ARABIC_DIGITS, issue 34)', () => {
  afterEach(() => setArabicDigits('latin'));

  it('are Latin by default, and Arabic-Indic in days and messages when the board chooses them', () => {
    const day = new Date('2031-03-15T00:00:00Z');
    expect(wordsFor('ar').day(day)).toMatch(/15 مارس 2031/);
    setArabicDigits('arabic-indic');
    expect(wordsFor('ar').day(day)).toMatch(/١٥ مارس ٢٠٣١/);
    expect(wordsFor('es').day(day)).toBe('15 de marzo de 2031');
  });
});
