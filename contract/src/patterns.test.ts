import { describe, expect, it } from 'vitest';
import { EMAIL_PATTERN, singleLine, URL_PATTERN, withHttps, withHttpsUnlessHttp } from './patterns';
import { signupBody } from './schemas/auth';
import { jobBody } from './schemas/job';
import { notificationBody, NOTIFICATION_URL_ERROR } from './schemas/notification';

describe('e-mail pattern (spec §5)', () => {
  it.each(['a@b.co', 'first.last@example.org', 'x+tag@sub.example.com'])('accepts %s', (v) =>
    expect(EMAIL_PATTERN.test(v)).toBe(true),
  );
  it.each(['', 'plain', 'a@b', '@b.co', 'a@.co', 'a b@c.de', 'a@b.c o', 'a@@b.co'])('refuses %j', (v) =>
    expect(EMAIL_PATTERN.test(v)).toBe(false),
  );
});

describe('URL pattern (spec §5)', () => {
  it.each([
    'example.org',
    'https://example.org',
    'http://jobs.example.org/apply?id=3&x=y#top',
    'localhost:3000/path',
    'http://192.168.1.10:8080',
    'www.example.co.uk/careers/',
  ])('accepts %s', (v) => expect(URL_PATTERN.test(v)).toBe(true));
  it.each(['', 'not a url', 'ftp://example.org', 'http://', 'example', 'https://exa mple.org'])('refuses %j', (v) =>
    expect(URL_PATTERN.test(v)).toBe(false),
  );

  it('prefixes https:// only where no scheme is given', () => {
    expect(withHttps('example.org')).toBe('https://example.org');
    expect(withHttps('http://example.org')).toBe('http://example.org');
    expect(withHttpsUnlessHttp('example.org')).toBe('https://example.org');
    expect(withHttpsUnlessHttp('https://example.org')).toBe('https://example.org');
  });

  it('prefixes https:// to a host that merely begins with "http" (issue 12, L5)', () => {
    for (const link of ['httpfoo.example.org', 'https.example.org/x', 'httpexample.org', 'http//example.org']) {
      expect(withHttpsUnlessHttp(link), link).toBe(`https://${link}`);
      expect(withHttps(link), link).toBe(`https://${link}`);
    }
    expect(withHttpsUnlessHttp('HTTP://example.org')).toBe('HTTP://example.org');
  });
});

describe('link rules in the bodies', () => {
  const job = { title: 't', description: 'd', location: 'l', company: 'c' };
  it('job applyLink gets https:// and must be a URL', () => {
    expect(jobBody.parse({ ...job, applyLink: 'example.org/jobs' }).applyLink).toBe('https://example.org/jobs');
    const bad = jobBody.safeParse({ ...job, applyLink: 'no url here' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe('Please enter a valid apply link.');
  });
  it('notification link gets https:// and must then be a URL', () => {
    const ok = notificationBody.parse({ title: 't', message: 'm', link: 'example.org' });
    expect(ok.link).toBe('https://example.org');
    const bad = notificationBody.safeParse({ title: 't', message: 'm', link: 'bad link' });
    expect(bad.error?.issues[0]?.message).toBe(NOTIFICATION_URL_ERROR);
    const empty = notificationBody.safeParse({ title: '', message: 'm', link: 'x.org' });
    expect(empty.error?.issues[0]?.message).toBe('Please fill in all fields.');
  });
});

describe('names are one line (issue 12, L5)', () => {
  it.each([
    ['Ada Lovelace', 'Ada Lovelace'],
    ['  Ada \n Lovelace  ', 'Ada Lovelace'],
    ['Eve\r\nSubject: x', 'Eve Subject: x'],
    ['Ann\u0000Lee', 'Ann Lee'],
    ['Tab\tand\u007fdel\u0085nel', 'Tab and del nel'],
    ['Line\u2028and\u2029para', 'Line and para'],
    ['José Ñúñez 山田', 'José Ñúñez 山田'],
    ['\n\u0000', ''],
  ])('%j becomes %j', (input, output) => expect(singleLine(input)).toBe(output));

  it('the sign-up schema cleans the name, and refuses one that is left empty', () => {
    const body = { email: 'a@b.co', certificateNo: 'C-1', password: 'Lantern-Orchard-42' };
    expect(signupBody.parse({ ...body, name: 'Eve\nEvil' }).name).toBe('Eve Evil');
    expect(signupBody.safeParse({ ...body, name: '\n\t' }).error?.issues[0]?.message).toBe('Full Name is required');
  });
});
