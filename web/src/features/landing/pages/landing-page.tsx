import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { useAuth } from '../../auth/store';
import { usePublicConfig, useProductName } from '../../../lib/public-config';
import classes from './landing-page.module.css';
import { LanguageSelect } from '../../../components/language-select';
import { useT } from '../../../i18n/use-t';

/**
 * The public landing page (spec §1, §2). Plain elements and one stylesheet, no Mantine, no
 * TanStack Query, no zod: it is rendered into the served HTML at build (scripts/prerender.ts) so
 * its text paints before any script runs, and the script that then takes it over is only React
 * and the router (docs/performance.md).
 */
export default function LandingPage() {
  const { t } = useT();
  const product = useProductName();
  const member = useSignedInMember();
  const justVerified = (useLocation().state as { verified?: boolean } | null)?.verified === true;
  return (
    <div className={classes.page}>
      <a href="#main-content" className={classes.skipLink}>
        {t('common.skipToContent')}
      </a>
      <Header member={member} />
      <main id="main-content" tabIndex={-1} className={classes.main}>
        {member && justVerified && <Welcome name={member.name} />}
        <Hero />
        <div className={`${classes.container} ${classes.content}`}>
          <div className={classes.grid}>
            <Section title={t('landing.certifiedTitle')}>
              <p>{t('landing.certifiedText1')}</p>
              <p>{t('landing.certifiedText2')}</p>
            </Section>
            <Section title={t('landing.notCertifiedTitle')}>
              <p>{t('landing.notCertifiedText1')}</p>
              <p>{t('landing.notCertifiedText2')}</p>
            </Section>
          </div>
          <Contact />
          <div className={classes.ctas}>
            <Link to="/signup" className={`${classes.button} ${classes.large}`}>
              {t('landing.getStarted')}
            </Link>
            <Link to="/login" className={`${classes.button} ${classes.outline} ${classes.large}`}>
              {t('landing.signIn')}
            </Link>
          </div>
        </div>
      </main>
      <footer className={classes.footer}>
        {/* Prerendered at build: the year is the client's, whatever the build's was. */}
        <p suppressHydrationWarning>{t('landing.copyright', { year: new Date().getFullYear(), product })}</p>
      </footer>
    </div>
  );
}

/**
 * The signed-in, verified user once the session check has answered. The page is prerendered for
 * guests: until the check answers (and during hydration) it shows what a guest sees.
 */
function useSignedInMember() {
  const user = useAuth((s) => s.user);
  const signedIn = useAuth((s) => s.isAuthenticated && !s.isCheckingAuth);
  return signedIn && user?.isVerified ? user : null;
}

function Header({ member }: { member: { name: string } | null }) {
  const { t } = useT();
  const product = useProductName();
  return (
    <header className={classes.header}>
      <div className={`${classes.container} ${classes.headerInner}`}>
        <Link to="/" className={classes.brand}>
          <img src="/favicon.svg" alt={t('common.logo', { product })} width={36} height={36} />
          <span className={classes.brandName} data-brand>
            {product}
          </span>
        </Link>
        <nav className={classes.actions} aria-label={t('landing.account')}>
          <LanguageSelect />
          {/* Issue 13: a signed-in member is offered the way in, not Sign Up and Login again. */}
          {member ? (
            <Link to="/admin/default" className={classes.button}>
              {t('landing.goToDashboard')}
            </Link>
          ) : (
            <>
              <Link to="/signup" className={classes.button}>
                {t('landing.signUp')}
              </Link>
              <Link to="/login" className={`${classes.button} ${classes.outline}`}>
                {t('landing.login')}
              </Link>
            </>
          )}
        </nav>
      </div>
    </header>
  );
}

/** After e-mail verification (spec §2: it lands here), a clear way on to the dashboard. */
function Welcome({ name }: { name: string }) {
  const { t } = useT();
  return (
    <section className={classes.welcome} aria-labelledby="welcome-title" role="status">
      <div className={`${classes.container} ${classes.welcomeInner}`}>
        <div>
          <h2 id="welcome-title">{t('landing.welcomeTitle', { name })}</h2>
          <p>{t('landing.welcomeText')}</p>
        </div>
        <Link to="/admin/default" className={`${classes.button} ${classes.large}`}>
          {t('landing.goToDashboard')}
        </Link>
      </div>
    </section>
  );
}

function Hero() {
  const { t } = useT();
  const product = useProductName();
  return (
    <div className={classes.hero}>
      <div className={classes.container}>
        {/* One text node: the prerendered page says the spec's words as one string. */}
        <h1>{t('landing.heroTitle', { product })}</h1>
        <p>{t('landing.heroText')}</p>
      </div>
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className={classes.card} aria-label={title}>
      <h2>{title}</h2>
      {children}
    </section>
  );
}

function Contact() {
  const { t, rich } = useT();
  const config = usePublicConfig();
  return (
    <section className={classes.card} aria-label={t('landing.contactTitle')}>
      <h2>{t('landing.contactTitle')}</h2>
      {config.status === 'pending' ? (
        <div aria-busy>
          <p>
            <span className={classes.placeholder} style={{ width: '60%' }} />
          </p>
          <p>
            <span className={classes.placeholder} style={{ width: '50%' }} />
          </p>
        </div>
      ) : config.status === 'error' ? (
        <p>{t('landing.contactError')}</p>
      ) : (
        <div>
          <p>
            {rich('landing.supportEmail', {
              email: <a href={`mailto:${config.data.supportEmail}`}>{config.data.supportEmail}</a>,
            })}
          </p>
          <p>
            {rich('landing.boardWebsite', {
              url: (
                <a href={config.data.boardUrl} target="_blank" rel="noopener noreferrer">
                  {config.data.boardUrl}
                </a>
              ),
            })}
          </p>
        </div>
      )}
    </section>
  );
}
