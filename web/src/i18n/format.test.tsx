import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { FullScreenLoader } from '../components/full-screen-loader';
import { commonWords } from '../components/words';
import { clientFailure } from '../lib/api';
import { loadCatalogue, loadWords } from './catalogues';
import { formatMessage, setMessageLanguage } from './format';

/** Issue 34: messages said outside any screen (toasts, the API client's errors) and outside any provider. */

afterEach(() => setMessageLanguage('en', 'en-US'));

describe('formatMessage', () => {
  it('says a set’s message in English while the set has not loaded in the screens’ language', async () => {
    await loadCatalogue('ar');
    const later = { ...commonWords, name: 'common-later' };
    setMessageLanguage('ar', 'ar-u-nu-latn');
    expect(formatMessage('common.ui.undo.restored', undefined, later)).toBe('Restored');
    expect(formatMessage('common.ui.undo.restored', undefined, commonWords)).toBe('تمت الاستعادة');
  });

  it('says the core words and the API client’s failures in the screens’ language', async () => {
    expect(clientFailure('unreachable')).toBe('Cannot reach the server. Check your connection and try again.');
    await loadCatalogue('es');
    await loadWords(commonWords, 'es');
    setMessageLanguage('es', 'es-US');
    expect(clientFailure('unreachable')).toMatch(/^No es posible conectar con el servidor/);
    expect(formatMessage('common.ui.list.page', { page: 3 }, commonWords)).toBe('Página 3');
  });

  it('lets the build render the full-screen loader outside any IntlProvider, in English', () => {
    expect(renderToString(<FullScreenLoader />)).toContain('Loading…');
  });
});
