import { formatMessage } from '../i18n/format';

/**
 * spec §2: a full-screen loader while the session check runs. Plain markup and a global stylesheet
 * (styles/full-screen-loader.css), not Mantine: the build writes the same HTML into the shell
 * (scripts/prerender.ts), so that a page opened on a slow connection shows it at once, before the
 * scripts have arrived, and not a blank screen. Issue 34: in the screens' language, without
 * `useT`: the build renders it outside any IntlProvider (in English), and it never waits for words.
 */
export function FullScreenLoader() {
  return (
    <div className="full-screen-loader" role="status">
      <span className="full-screen-loader-spinner" aria-hidden="true" />
      {formatMessage('common.loading')}
    </div>
  );
}
