import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { I18nProvider } from '../app/i18n-provider';
import { messagesWords } from '../features/messages/words';
import { defineWords, hasWords, loadCatalogue } from './catalogues';
import { useLanguageStore } from './language';
import { useT } from './use-t';

function ChatButton() {
  const { t } = useT(messagesWords);
  return <button type="button">{t('messages.open')}</button>;
}

const page = (
  <I18nProvider>
    <Suspense fallback={<p>loading</p>}>
      <ChatButton />
    </Suspense>
  </I18nProvider>
);

describe('a screen’s own words (issue 34)', () => {
  afterEach(() => useLanguageStore.setState({ guest: 'en', arabicDigits: 'latin' }));

  it('are at hand in English, with the screen', () => {
    render(page);
    expect(screen.getByRole('button', { name: 'Open the chat app' })).toBeInTheDocument();
  });

  it('load in the reader’s language on first use, the screen waiting for them', async () => {
    await loadCatalogue('ar');
    useLanguageStore.setState({ guest: 'ar' });
    // A screen first opened after the language was chosen: its words come with it.
    const later = defineWords(
      'later',
      { 'later.title': 'Later' },
      {
        es: async () => ({ default: { 'later.title': 'Después' } }),
        ar: async () => ({ default: { 'later.title': 'لاحقًا' } }),
      },
    );
    function Later() {
      const { t } = useT(later);
      return <h1>{t('later.title')}</h1>;
    }
    expect(hasWords(later, 'ar')).toBe(false);
    render(
      <I18nProvider>
        <Suspense fallback={<p>loading</p>}>
          <Later />
        </Suspense>
      </I18nProvider>,
    );
    expect(screen.getByText('loading')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'لاحقًا' })).toBeInTheDocument();
  });

  it('load with a language chosen later, for every screen opened so far', async () => {
    render(page);
    await loadCatalogue('es');
    expect(hasWords(messagesWords, 'es')).toBe(true);
  });

  it('write Arabic numbers with Latin digits unless the board chose Arabic-Indic (ARABIC_DIGITS)', async () => {
    await loadCatalogue('ar');
    useLanguageStore.setState({ guest: 'ar' });
    function Year() {
      const { intl } = useT();
      return <p>{intl.formatNumber(2031, { useGrouping: false })}</p>;
    }
    const { unmount } = render(
      <I18nProvider>
        <Year />
      </I18nProvider>,
    );
    expect(screen.getByText('2031')).toBeInTheDocument();
    unmount();
    useLanguageStore.setState({ arabicDigits: 'arabic-indic' });
    render(
      <I18nProvider>
        <Year />
      </I18nProvider>,
    );
    expect(screen.getByText('٢٠٣١')).toBeInTheDocument();
  });
});
