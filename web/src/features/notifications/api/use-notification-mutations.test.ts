import { NOTIFICATION_URL_ERROR } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { checkNotification } from './use-notification-mutations';

describe('checkNotification (spec §5 order)', () => {
  it('warns about an empty field first, even when the link is also invalid', () => {
    expect(checkNotification({ title: ' ', message: 'm', link: 'not a url' })).toEqual({
      ok: false,
      kind: 'warning',
      title: 'Input Validation Error',
      message: 'Please fill in all fields.',
    });
    expect(checkNotification({ title: 't', message: 'm', link: '' })).toMatchObject({ kind: 'warning' });
  });

  it('adds https:// to a link not starting with http, then accepts it', () => {
    expect(checkNotification({ title: ' Hi ', message: 'There', link: 'example.org/news' })).toEqual({
      ok: true,
      body: { title: 'Hi', message: 'There', link: 'https://example.org/news' },
    });
    expect(checkNotification({ title: 't', message: 'm', link: 'http://localhost:3000/x' })).toMatchObject({
      ok: true,
      body: { link: 'http://localhost:3000/x' },
    });
  });

  it('refuses a link that is not a URL after the prefix, with the contract text', () => {
    expect(checkNotification({ title: 't', message: 'm', link: 'bad link' })).toEqual({
      ok: false,
      kind: 'error',
      title: 'Invalid URL',
      message: NOTIFICATION_URL_ERROR,
    });
    // Prefixed (issue 12: only a scheme counts as "http"), "httpfoo" is still no URL: its host has no dot.
    expect(checkNotification({ title: 't', message: 'm', link: 'httpfoo' })).toMatchObject({ title: 'Invalid URL' });
  });

  it('reports the contract limits last', () => {
    expect(checkNotification({ title: 'x'.repeat(201), message: 'm', link: 'example.org' })).toMatchObject({
      ok: false,
      kind: 'error',
    });
  });
});
