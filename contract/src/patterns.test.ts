import { describe, expect, it } from 'vitest';
import { EMAIL_PATTERN, URL_PATTERN, withHttps, withHttpsUnlessHttp } from './patterns';
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
