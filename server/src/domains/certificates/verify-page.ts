import { LANGUAGE_NAMES, LANGUAGES, type Verification } from '@portal/contract';
import { escapeHtml as e } from '../../lib/html';
import { type MessageKey, type Words, wordsFor } from '../../lib/i18n';

/** The words of a caller that names no language (English). */
const ENGLISH = wordsFor('en');

/**
 * A message as HTML whose argument `name` is HTML already: a name isolated in `<bdi>` (so that it
 * reads right in either direction), or a `<time>`. The rest of the message is escaped.
 */
function messageHtml(
  w: Words,
  key: MessageKey,
  name: string,
  html: string,
  values: Record<string, string | number> = {},
) {
  return e(w.t(key, { ...values, [name]: '\u0000' })).replace('\u0000', html);
}

export type Tone = 'ok' | 'warn' | 'bad' | 'muted';

const TONE: Record<Verification['status'], Tone> = { Active: 'ok', Expired: 'muted', Inactive: 'warn', Revoked: 'bad' };

export function statusLine(v: Verification, w: Words = ENGLISH): string {
  const since = v.statusSince ? w.day(v.statusSince) : '';
  const validTill = w.day(v.validTill);
  switch (v.status) {
    case 'Active':
      return w.t('verify.statusLine.active', { validTill });
    case 'Expired':
      return w.t(v.renewalInProgress ? 'verify.statusLine.expiredRenewing' : 'verify.statusLine.expired', {
        validTill,
      });
    case 'Inactive':
      return since ? w.t('verify.statusLine.inactiveSince', { since }) : w.t('verify.statusLine.inactive');
    case 'Revoked':
      return w.t('verify.statusLine.revoked', { since });
  }
}

/**
 * What the page says first, and the preview image too (preview.ts): the status, unless the
 * signature does not check out, which outranks every status (issue 31: a tampered record never
 * reads as a valid certificate at a glance).
 */
export function verdict(v: Verification, w: Words = ENGLISH): { headline: string; tone: Tone } {
  if (!v.signature.valid) return { headline: w.t('verify.headline', { status: 'unverified' }), tone: 'bad' };
  return { headline: w.t('verify.headline', { status: v.status }), tone: TONE[v.status] };
}

/** Where the page links to; all absolute. */
export interface PageLinks {
  page: string;
  preview: string;
  json: string;
  didDocument: string;
  wallet: string;
}

/*
 * Server-rendered, readable without JavaScript (issue 11). The page ships no script, so the CSP's
 * `script-src 'self'` is moot; the styles are inline (the CSP allows inline styles). Issue 31: no
 * sideways scrolling down to 360 px, logical properties (a right-to-left name or layout reads
 * right), every link and the disclosure at least 24 px high, colours at WCAG AA contrast.
 */
const STYLE = `
:root{color-scheme:light;--brand:#1D5598;--ink:#1b2430;--muted:#4b5563;--ok:#1e7b34;--warn:#8a5a00;--bad:#b42318;--line:#e5e7eb}
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 'DM Sans',system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;color:var(--ink);background:#f4f6fa;overflow-wrap:anywhere}
header{background:var(--brand);color:#fff}
.bar{max-width:760px;margin:0 auto;padding:12px 20px;display:flex;gap:12px;align-items:center}
.bar img{flex:none;width:40px;height:40px;border-radius:8px;background:#fff;object-fit:contain}
.bar a{color:#fff;font-weight:700;font-size:1.1rem;text-decoration:underline;text-underline-offset:3px;display:inline-block;padding-block:4px}
main{max-width:760px;margin:24px auto;padding:0 16px}
.card{background:#fff;border-radius:16px;box-shadow:0 1px 3px rgba(0,0,0,.08);padding:24px}
.status{border-radius:12px;padding:16px 20px;margin-block-end:20px;border:2px solid}
.status h1{margin:0 0 4px;font-size:1.5rem;line-height:1.25}
.status p{margin:0}
.status .verdict{margin-block-start:8px;color:var(--ink)}
.ok{border-color:var(--ok);color:var(--ok);background:#edf7ef}
.warn{border-color:var(--warn);color:var(--warn);background:#fff6e5}
.bad{border-color:var(--bad);color:var(--bad);background:#fdeceb}
.muted{border-color:var(--muted);color:var(--muted);background:#f1f3f5}
dl{display:grid;grid-template-columns:minmax(9rem,auto) 1fr;gap:10px 20px;margin:0}
dt{color:var(--muted)}
dd{margin:0;font-weight:600;min-width:0}
h2{font-size:1.15rem;line-height:1.3;margin:28px 0 10px}
section>p{margin:0 0 8px}
.checks{list-style:none;margin:0;padding:0;display:grid;gap:10px}
.checks li{display:flex;gap:10px;align-items:flex-start}
.mark{flex:none;width:24px;height:24px;margin-block-start:0;border-radius:50%;display:inline-flex;align-items:center;justify-content:center;font-weight:700;line-height:1;color:#fff}
.pass .mark{background:var(--ok)}
.fail .mark{background:var(--bad)}
.check-text{font-weight:600}
.fail .check-text{color:var(--bad)}
.check-detail{display:block;color:var(--muted);font-size:.9375rem}
.checked{color:var(--muted);margin:14px 0 0}
a{color:var(--brand);text-underline-offset:2px}
main a{display:inline-block;min-height:24px;padding-block:2px;max-width:100%}
code{font:.875rem/1.5 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;overflow-wrap:anywhere}
details{margin-block-start:28px;border:1px solid var(--line);border-radius:12px;padding:0 16px}
summary{cursor:pointer;font-weight:700;padding:10px 0;min-height:44px}
details[open] summary{border-block-end:1px solid var(--line);margin-block-end:14px}
details dl{margin-block-end:16px}
details dd{font-weight:400}
.more{margin-block-start:28px;padding-block-start:16px;border-block-start:1px solid var(--line)}
.more p{margin:0 0 6px}
.aside{color:var(--muted);display:inline-block}
.languages{display:flex;flex-wrap:wrap;gap:4px 16px;justify-content:flex-end;margin:0 0 12px;font-size:.9375rem}
.languages a[aria-current]{font-weight:700;color:var(--ink);text-decoration:none}
footer{max-width:760px;margin:0 auto 32px;padding:0 20px;color:var(--muted);font-size:.875rem}
@media (max-width:480px){.card{padding:16px}.status{padding:14px 16px}dl{grid-template-columns:1fr;gap:2px}dd{margin-block-end:10px}}
`;

/**
 * Issue 34: the page in each language, by `?lang=` (which a reader can bookmark or share); the
 * current one is marked for assistive technology.
 */
function languageLinks(w: Words): string {
  const links = LANGUAGES.map((language) =>
    language === w.language
      ? `<a href="?lang=${language}" lang="${language}" aria-current="true">${e(LANGUAGE_NAMES[language])}</a>`
      : `<a href="?lang=${language}" lang="${language}" hreflang="${language}">${e(LANGUAGE_NAMES[language])}</a>`,
  ).join('');
  return `<nav class="languages" aria-label="${e(w.t('verify.language'))}">${links}</nav>`;
}

function shell(title: string, head: string, body: string, board: Verification['board'], w: Words): string {
  return `<!doctype html>
<html lang="${w.language}" dir="${w.dir}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>${e(title)}</title>
${head}
<style>${STYLE}</style>
</head>
<body>
<header><div class="bar"><img src="${e(board.logoUrl)}" alt="" width="40" height="40"><a href="${e(board.url)}" dir="auto">${e(board.name)}</a></div></header>
<main>${languageLinks(w)}${body}</main>
<footer>${e(w.t('verify.footer'))}</footer>
</body>
</html>`;
}

/** One line of the checklist: a tick or a cross, and words that say the outcome without them. */
interface Check {
  key: keyof Verification['checks'];
  /** HTML: the outcome in words. */
  text: string;
  detail?: string;
}

function checklist(v: Verification, w: Words): Check[] {
  const c = v.checks;
  // The board's name is the board's own words: isolated, so that it reads right in any direction.
  const board = (key: 'verify.issuedBy' | 'verify.notIssuedBy') =>
    messageHtml(w, key, 'board', `<bdi>${e(v.board.name)}</bdi>`);
  const since = v.statusSince ? w.day(v.statusSince) : undefined;
  const validTill = w.day(v.validTill);
  return [
    {
      key: 'issuedByBoard',
      text: board(c.issuedByBoard ? 'verify.issuedBy' : 'verify.notIssuedBy'),
      detail: w.t(c.issuedByBoard ? 'verify.issuedByDetail' : 'verify.notIssuedByDetail'),
    },
    {
      key: 'signatureIntact',
      text: e(w.t(c.signatureIntact ? 'verify.signatureIntact' : 'verify.signatureBroken')),
      detail: w.t(c.signatureIntact ? 'verify.signatureIntactDetail' : 'verify.signatureBrokenDetail'),
    },
    {
      key: 'notRevoked',
      text: e(
        c.notRevoked
          ? w.t('verify.notRevoked')
          : v.status === 'Revoked' && since
            ? w.t('verify.statusLine.revoked', { since })
            : w.t('verify.revoked'),
      ),
    },
    {
      key: 'notSuspended',
      text: e(
        c.notSuspended
          ? w.t('verify.notSuspended')
          : v.status === 'Inactive' && since
            ? w.t('verify.statusLine.inactiveSince', { since })
            : w.t('verify.suspended'),
      ),
      ...(c.notSuspended ? {} : { detail: w.t('verify.suspendedDetail') }),
    },
    {
      key: 'notExpired',
      text: e(c.notExpired ? w.t('verify.notExpired') : w.t('verify.statusLine.expired', { validTill })),
      ...(c.notExpired ? { detail: w.t('verify.notExpiredDetail', { validTill }) } : {}),
    },
  ];
}

function checklistHtml(v: Verification, w: Words): string {
  const items = checklist(v, w)
    .map(({ key, text, detail }) => {
      const passed = v.checks[key];
      // The mark is named for assistive technology; the words carry the outcome on their own.
      const mark = passed
        ? `<span class="mark" role="img" aria-label="${e(w.t('verify.passed'))}">&#10003;</span>`
        : `<span class="mark" role="img" aria-label="${e(w.t('verify.failed'))}">&#10007;</span>`;
      const more = detail ? `<span class="check-detail">${e(detail)}</span>` : '';
      return `<li class="${passed ? 'pass' : 'fail'}" data-check="${key}">${mark}<span><span class="check-text">${text}</span>${more}</span></li>`;
    })
    .join('\n');
  const checkedAt = messageHtml(
    w,
    'verify.checkedAt',
    'moment',
    `<time datetime="${e(v.checkedAt)}">${e(w.moment(v.checkedAt))}</time>`,
  );
  return `<section aria-labelledby="checks">
<h2 id="checks">${e(w.t('verify.checks'))}</h2>
<ul class="checks">
${items}
</ul>
<p class="checked">${checkedAt}</p>
</section>`;
}

function technicalDetails(v: Verification, links: PageLinks, w: Words): string {
  const s = v.signature;
  const rows: [string, string][] = [
    [w.t('verify.issuerDid'), `<code>${e(s.issuer)}</code>`],
    [w.t('verify.issuerKeys'), `<a href="${e(links.didDocument)}">${e(w.t('verify.didDocument'))}</a>`],
  ];
  if (s.signedAt) {
    rows.push([w.t('verify.signed'), `<time datetime="${e(s.signedAt)}">${e(w.moment(s.signedAt))}</time>`]);
  }
  // The standards by their own names, in every language.
  rows.push([
    w.t('verify.format'),
    '<span dir="ltr">Open Badges 3.0 <code>OpenBadgeCredential</code> (W3C Verifiable Credentials Data Model 2.0)</span>',
  ]);
  if (s.cryptosuite) {
    rows.push([
      w.t('verify.proof'),
      `<span dir="ltr">W3C Data Integrity, cryptosuite <code>${e(s.cryptosuite)}</code></span>`,
    ]);
  }
  if (s.credentialId) rows.push([w.t('verify.credentialId'), `<code>${e(s.credentialId)}</code>`]);
  if (s.statusListCredential) {
    rows.push([
      w.t('verify.statusList'),
      `<a href="${e(s.statusListCredential)}">${e(w.t('verify.statusListLink'))}</a>, ${e(w.t('verify.statusListKind'))}`,
    ]);
  }
  rows.push([w.t('verify.asData'), `<a href="${e(links.json)}">${e(w.t('verify.asJson'))}</a>`]);
  return `<details>
<summary>${e(w.t('verify.technical'))}</summary>
<dl>
${rows.map(([term, value]) => `<dt>${e(term)}</dt><dd>${value}</dd>`).join('\n')}
</dl>
</details>`;
}

/**
 * "Report a problem with this certificate" (issue 31): a mail to the board (BOARD_CONTACT_EMAIL)
 * whose subject names the verification id. RFC 6068: the header values percent-encoded, lines
 * ending in CRLF; the whole address is then escaped for its attribute.
 */
export function reportHref(v: Verification, pageUrl: string): string {
  const subject = `Problem with certificate ${v.verificationId}`;
  const body = `Certificate page: ${pageUrl}\r\n\r\nWhat is wrong:\r\n`;
  return `mailto:${v.board.contactEmail}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}

/** The Open Graph and Twitter card of the page: what a link preview shows, the picture included. */
function cardMeta(v: Verification, links: PageLinks, title: string, w: Words): string {
  const { headline } = verdict(v, w);
  const who = v.holderName ? `${v.holderName}: ` : '';
  const description = `${who}${w.t('verify.cardDescription', {
    credentialName: v.credentialName,
    certificateNo: v.certificateNo,
    board: v.board.name,
    statusLine: statusLine(v, w),
  })}`;
  const alt = `${headline}: ${v.holderName || w.t('verify.notClaimed')}, ${v.credentialName}, ${v.board.name}`;
  const properties = [
    ['og:type', 'website'],
    ['og:title', title],
    ['og:description', description],
    ['og:site_name', v.board.name],
    ['og:url', links.page],
    ['og:image', links.preview],
    ['og:image:type', 'image/png'],
    ['og:image:width', '1200'],
    ['og:image:height', '630'],
    ['og:image:alt', alt],
  ];
  const names = [
    ['twitter:card', 'summary_large_image'],
    ['twitter:title', title],
    ['twitter:description', description],
    ['twitter:image', links.preview],
    ['twitter:image:alt', alt],
  ];
  return [
    `<meta name="description" content="${e(description)}">`,
    ...properties.map(([property, content]) => `<meta property="${property}" content="${e(content!)}">`),
    ...names.map(([name, content]) => `<meta name="${name}" content="${e(content!)}">`),
    `<link rel="alternate" type="application/json" href="${e(links.json)}">`,
  ].join('\n');
}

/** The public verification page of one certificate, in the reader's language (issue 34). */
export function renderVerificationPage(v: Verification, links: PageLinks, w: Words = ENGLISH): string {
  const { headline, tone } = verdict(v, w);
  const statusWord = w.t('verify.status', { status: v.status });
  const title = `${v.credentialName}: ${statusWord}`;
  const signature = v.signature.valid
    ? `<p class="verdict"><strong>&#10003; ${e(w.t('verify.authentic'))}</strong> ${e(
        w.t('verify.signatureChecksOut', { status: v.status }),
      )}</p>`
    : `<p class="verdict"><strong>&#10007; ${e(w.t('verify.signatureFails'))}</strong> ${e(
        w.t('verify.signatureFailsAdvice'),
      )}</p>`;
  // The achievement's words as the signed credential states them (none when it does not check out).
  const about =
    v.description || v.criteria
      ? `<section aria-labelledby="about">
<h2 id="about">${e(w.t('verify.about'))}</h2>
${v.description ? `<p dir="auto">${e(v.description)}</p>` : ''}
${v.criteria ? `<p><strong>${e(w.t('verify.criteria'))}</strong> <span dir="auto">${e(v.criteria)}</span></p>` : ''}
</section>`
      : '';
  // Issue 31: the holder's way to a wallet, while the certificate is one to carry.
  const wallet =
    v.status === 'Active' && v.signature.valid
      ? `<p>${e(w.t('verify.walletQuestion'))} <a href="${e(links.wallet)}">${e(w.t('verify.walletLink'))}</a></p>`
      : '';
  const body = `<article class="card" aria-labelledby="status">
<section class="status ${tone}" role="status">
<h1 id="status">${e(headline)}</h1>
<p>${e(statusLine(v, w))}</p>
${signature}
</section>
<dl>
<dt>${e(w.t('verify.holder'))}</dt><dd><span dir="auto">${e(v.holderName || w.t('verify.notClaimed'))}</span></dd>
<dt>${e(w.t('verify.credential'))}</dt><dd><span dir="auto">${e(v.credentialName)}</span></dd>
<dt>${e(w.t('verify.certificateNo'))}</dt><dd><bdi>${e(v.certificateNo)}</bdi></dd>
<dt>${e(w.t('verify.issued'))}</dt><dd>${e(w.day(v.issuedOn))}</dd>
<dt>${e(w.t('verify.validTill'))}</dt><dd>${e(w.day(v.validTill))}</dd>
<dt>${e(w.t('verify.statusLabel'))}</dt><dd>${e(statusWord)}</dd>
</dl>
${checklistHtml(v, w)}
${about}
${technicalDetails(v, links, w)}
<section class="more" aria-label="${e(w.t('verify.moreLabel'))}">
${wallet}
<p><a href="${e(reportHref(v, links.page))}">${e(w.t('verify.report'))}</a> <span class="aside">${messageHtml(
    w,
    'verify.reportTo',
    'email',
    `<bdi>${e(v.board.contactEmail)}</bdi>`,
  )}</span></p>
</section>
</article>`;
  return shell(title, cardMeta(v, links, title, w), body, v.board, w);
}

/**
 * The page of a copy that is no longer the current one (its credential `id`, decision 0037): what
 * became of it, and the way to the certificate as it stands now.
 */
export function renderSupersededPage(
  board: Verification['board'],
  copy: { credentialName: string; number: number; revokedAt: string | null },
  currentUrl: string,
  w: Words = ENGLISH,
): string {
  const name = `<bdi>${e(copy.credentialName)}</bdi>`;
  const text = copy.revokedAt
    ? messageHtml(w, 'verify.supersededTextOn', 'credentialName', name, {
        number: copy.number,
        day: w.day(copy.revokedAt),
      })
    : messageHtml(w, 'verify.supersededText', 'credentialName', name, { number: copy.number });
  const body = `<article class="card" aria-labelledby="status">
<section class="status muted" role="status">
<h1 id="status">${e(w.t('verify.superseded'))}</h1>
<p>${text}</p>
<p><a href="${e(currentUrl)}">${e(w.t('verify.current'))}</a></p>
</section>
</article>`;
  return shell(w.t('verify.superseded'), '', body, board, w);
}

/** An unknown or malformed id: the same shell, so it costs what a known one costs. */
export function renderNotFoundPage(board: Verification['board'], w: Words = ENGLISH): string {
  const body = `<article class="card" aria-labelledby="status">
<section class="status bad" role="status">
<h1 id="status">${e(w.t('verify.notFound'))}</h1>
<p>${e(w.t('verify.notFoundText'))}</p>
</section>
</article>`;
  return shell(w.t('verify.notFound'), '', body, board, w);
}
