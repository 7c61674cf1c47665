import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { useAuth } from '../../auth/store';
import { usePublicConfig, useProductName } from '../../../lib/public-config';
import classes from './landing-page.module.css';

/**
 * The public landing page (spec §1, §2). Plain elements and one stylesheet, no Mantine, no
 * TanStack Query, no zod: it is rendered into the served HTML at build (scripts/prerender.ts) so
 * its text paints before any script runs, and the script that then takes it over is only React
 * and the router (docs/performance.md).
 */
export default function LandingPage() {
  const product = useProductName();
  const member = useSignedInMember();
  const justVerified = (useLocation().state as { verified?: boolean } | null)?.verified === true;
  return (
    <div className={classes.page}>
      <a href="#main-content" className={classes.skipLink}>
        Skip to main content
      </a>
      <Header member={member} />
      <main id="main-content" tabIndex={-1} className={classes.main}>
        {member && justVerified && <Welcome name={member.name} />}
        <Hero />
        <div className={`${classes.container} ${classes.content}`}>
          <div className={classes.grid}>
            <Section title="For Certified Users">
              <p>
                Already certified? Log in with the same email address you used when you registered with the certifying
                board.
              </p>
              <p>You may need your certification number, so keep it at hand.</p>
            </Section>
            <Section title="For Non-Certified Individuals">
              <p>
                Not certified yet? You must get certified first: complete the training and pass the exam on the
                certifying board&apos;s own website.
              </p>
              <p>Once you are certified, come back here and log in.</p>
            </Section>
          </div>
          <Contact />
          <div className={classes.ctas}>
            <Link to="/signup" className={`${classes.button} ${classes.large}`}>
              Get Started
            </Link>
            <Link to="/login" className={`${classes.button} ${classes.outline} ${classes.large}`}>
              Sign In
            </Link>
          </div>
        </div>
      </main>
      <footer className={classes.footer}>
        {/* Prerendered at build: the year is the client's, whatever the build's was. */}
        <p suppressHydrationWarning>
          © {new Date().getFullYear()} {product}
        </p>
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
  const product = useProductName();
  return (
    <header className={classes.header}>
      <div className={`${classes.container} ${classes.headerInner}`}>
        <Link to="/" className={classes.brand}>
          <img src="/favicon.svg" alt={`${product} logo`} width={36} height={36} />
          <span className={classes.brandName}>{product}</span>
        </Link>
        <nav className={classes.actions} aria-label="Account">
          {/* Issue 13: a signed-in member is offered the way in, not Sign Up and Login again. */}
          {member ? (
            <Link to="/admin/default" className={classes.button}>
              Go to dashboard
            </Link>
          ) : (
            <>
              <Link to="/signup" className={classes.button}>
                Sign Up
              </Link>
              <Link to="/login" className={`${classes.button} ${classes.outline}`}>
                Login
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
  return (
    <section className={classes.welcome} aria-labelledby="welcome-title" role="status">
      <div className={`${classes.container} ${classes.welcomeInner}`}>
        <div>
          <h2 id="welcome-title">You&apos;re in, {name}</h2>
          <p>Your email address is verified and your account is ready.</p>
        </div>
        <Link to="/admin/default" className={`${classes.button} ${classes.large}`}>
          Go to dashboard
        </Link>
      </div>
    </section>
  );
}

function Hero() {
  const product = useProductName();
  return (
    <div className={classes.hero}>
      <div className={classes.container}>
        {/* One text node: the prerendered page says the spec's words as one string. */}
        <h1>{`Welcome to ${product}`}</h1>
        <p>Your pathway to professional certification</p>
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
  const config = usePublicConfig();
  return (
    <section className={classes.card} aria-label="Contact Us">
      <h2>Contact Us</h2>
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
        <p>The contact details cannot be shown right now. Please try again later.</p>
      ) : (
        <div>
          <p>
            Support email: <a href={`mailto:${config.data.supportEmail}`}>{config.data.supportEmail}</a>
          </p>
          <p>
            Certifying board website:{' '}
            <a href={config.data.boardUrl} target="_blank" rel="noopener noreferrer">
              {config.data.boardUrl}
            </a>
          </p>
        </div>
      )}
    </section>
  );
}
