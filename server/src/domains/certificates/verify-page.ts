import type { Verification } from '@portal/contract';
import { calendarDay as day, utcMoment as moment } from '../../lib/dates';
import { escapeHtml as e } from '../../lib/html';

export type Tone = 'ok' | 'warn' | 'bad' | 'muted';

const STATUS_TEXT: Record<Verification['status'], { headline: string; tone: Tone }> = {
  Active: { headline: 'Valid certificate', tone: 'ok' },
  Expired: { headline: 'Expired certificate', tone: 'muted' },
  Inactive: { headline: 'Inactive certificate', tone: 'warn' },
  Revoked: { headline: 'Revoked certificate', tone: 'bad' },
};

export function statusLine(v: Verification): string {
  const since = v.statusSince ? day(v.statusSince) : '';
  switch (v.status) {
    case 'Active':
      return `Active, valid till ${day(v.validTill)}`;
    case 'Expired':
      return `Expired on ${day(v.validTill)}`;
    case 'Inactive':
      return since ? `Inactive since ${since}` : 'Inactive';
    case 'Revoked':
      return `Revoked on ${since}`;
  }
}

/**
 * What the page says first, and the preview image too (preview.ts): the status, unless the
 * signature does not check out, which outranks every status (issue 31: a tampered record never
 * reads as a valid certificate at a glance).
 */
export function verdict(v: Verification): { headline: string; tone: Tone } {
  if (!v.signature.valid) return { headline: 'Certificate could not be verified', tone: 'bad' };
  return STATUS_TEXT[v.status];
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
footer{max-width:760px;margin:0 auto 32px;padding:0 20px;color:var(--muted);font-size:.875rem}
@media (max-width:480px){.card{padding:16px}.status{padding:14px 16px}dl{grid-template-columns:1fr;gap:2px}dd{margin-block-end:10px}}
`;

function shell(title: string, head: string, body: string, board: Verification['board']): string {
  return `<!doctype html>
<html lang="en">
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
<main>${body}</main>
<footer>This page shows only what the board publishes so that anyone can check a certificate. No account is needed, and nothing about you is recorded.</footer>
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

function checklist(v: Verification): Check[] {
  const c = v.checks;
  const board = `<bdi>${e(v.board.name)}</bdi>`;
  const since = v.statusSince ? day(v.statusSince) : undefined;
  return [
    {
      key: 'issuedByBoard',
      text: c.issuedByBoard ? `Issued by ${board}` : `Not issued by ${board}`,
      detail: c.issuedByBoard
        ? 'The credential names the board as its issuer and is signed with the board’s key.'
        : 'The credential does not name the board, or is not signed with the board’s key.',
    },
    {
      key: 'signatureIntact',
      text: c.signatureIntact ? 'Signature intact' : 'Signature broken',
      detail: c.signatureIntact
        ? 'Nothing in it has changed since the board signed it.'
        : 'It is not what the board signed, or no longer matches the board’s record.',
    },
    {
      key: 'notRevoked',
      text: c.notRevoked ? 'Not revoked' : v.status === 'Revoked' && since ? `Revoked on ${since}` : 'Revoked',
    },
    {
      key: 'notSuspended',
      text: c.notSuspended
        ? 'Not made inactive'
        : v.status === 'Inactive' && since
          ? `Inactive since ${since}`
          : 'Inactive',
      ...(c.notSuspended
        ? {}
        : {
            detail: 'The board has made it inactive. It does not count as valid until the board makes it active again.',
          }),
    },
    {
      key: 'notExpired',
      text: c.notExpired ? 'Not expired' : `Expired on ${day(v.validTill)}`,
      ...(c.notExpired ? { detail: `Valid till ${day(v.validTill)}.` } : {}),
    },
  ];
}

function checklistHtml(v: Verification): string {
  const items = checklist(v)
    .map(({ key, text, detail }) => {
      const passed = v.checks[key];
      // The mark is named for assistive technology; the words carry the outcome on their own.
      const mark = passed
        ? '<span class="mark" role="img" aria-label="Passed">&#10003;</span>'
        : '<span class="mark" role="img" aria-label="Failed">&#10007;</span>';
      const more = detail ? `<span class="check-detail">${e(detail)}</span>` : '';
      return `<li class="${passed ? 'pass' : 'fail'}" data-check="${key}">${mark}<span><span class="check-text">${text}</span>${more}</span></li>`;
    })
    .join('\n');
  return `<section aria-labelledby="checks">
<h2 id="checks">What this page checked</h2>
<ul class="checks">
${items}
</ul>
<p class="checked">Checked at <time datetime="${e(v.checkedAt)}">${e(moment(v.checkedAt))}</time></p>
</section>`;
}

function technicalDetails(v: Verification, links: PageLinks): string {
  const s = v.signature;
  const rows: [string, string][] = [
    ['Issuer (DID)', `<code>${e(s.issuer)}</code>`],
    ['Issuer’s public keys', `<a href="${e(links.didDocument)}">DID document (JSON)</a>`],
  ];
  if (s.signedAt) rows.push(['Signed', `<time datetime="${e(s.signedAt)}">${e(moment(s.signedAt))}</time>`]);
  rows.push(['Format', 'Open Badges 3.0 <code>OpenBadgeCredential</code> (W3C Verifiable Credentials Data Model 2.0)']);
  if (s.cryptosuite) rows.push(['Proof', `W3C Data Integrity, cryptosuite <code>${e(s.cryptosuite)}</code>`]);
  if (s.credentialId) rows.push(['Credential id', `<code>${e(s.credentialId)}</code>`]);
  if (s.statusListCredential) {
    rows.push([
      'Revocation list',
      `<a href="${e(s.statusListCredential)}">Status list (JSON)</a>, a W3C Bitstring Status List`,
    ]);
  }
  rows.push(['This check as data', `<a href="${e(links.json)}">This check as JSON</a>`]);
  return `<details>
<summary>Technical details</summary>
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
function cardMeta(v: Verification, links: PageLinks, title: string): string {
  const { headline } = verdict(v);
  const who = v.holderName ? `${v.holderName}: ` : '';
  const description = `${who}${v.credentialName}, certificate ${v.certificateNo} from ${v.board.name}. ${statusLine(v)}.`;
  const alt = `${headline}: ${v.holderName || 'Not yet claimed'}, ${v.credentialName}, ${v.board.name}`;
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

/** The public verification page of one certificate. */
export function renderVerificationPage(v: Verification, links: PageLinks): string {
  const { headline, tone } = verdict(v);
  const title = `${v.credentialName}: ${v.status}`;
  const signature = v.signature.valid
    ? `<p class="verdict"><strong>&#10003; Authentic.</strong> The board's digital signature on this certificate checks out${
        v.status === 'Active' ? '' : `, but the certificate is ${v.status.toLowerCase()}`
      }.</p>`
    : `<p class="verdict"><strong>&#10007; The signature does not check out.</strong> Do not rely on this certificate; contact the board.</p>`;
  // The achievement's words as the signed credential states them (none when it does not check out).
  const about =
    v.description || v.criteria
      ? `<section aria-labelledby="about">
<h2 id="about">About this credential</h2>
${v.description ? `<p>${e(v.description)}</p>` : ''}
${v.criteria ? `<p><strong>How it is earned:</strong> ${e(v.criteria)}</p>` : ''}
</section>`
      : '';
  // Issue 31: the holder's way to a wallet, while the certificate is one to carry.
  const wallet =
    v.status === 'Active' && v.signature.valid
      ? `<p>Is this your certificate? <a href="${e(links.wallet)}">Add it to a digital wallet</a></p>`
      : '';
  const body = `<article class="card" aria-labelledby="status">
<section class="status ${tone}" role="status">
<h1 id="status">${e(headline)}</h1>
<p>${e(statusLine(v))}</p>
${signature}
</section>
<dl>
<dt>Holder</dt><dd><span dir="auto">${e(v.holderName || 'Not yet claimed')}</span></dd>
<dt>Credential</dt><dd><span dir="auto">${e(v.credentialName)}</span></dd>
<dt>Certificate No</dt><dd>${e(v.certificateNo)}</dd>
<dt>Issued</dt><dd>${e(day(v.issuedOn))}</dd>
<dt>Valid till</dt><dd>${e(day(v.validTill))}</dd>
<dt>Status</dt><dd>${e(v.status)}</dd>
</dl>
${checklistHtml(v)}
${about}
${technicalDetails(v, links)}
<section class="more" aria-label="For the holder, and to report a problem">
${wallet}
<p><a href="${e(reportHref(v, links.page))}">Report a problem with this certificate</a> <span class="aside">(an e-mail to ${e(v.board.contactEmail)})</span></p>
</section>
</article>`;
  return shell(title, cardMeta(v, links, title), body, v.board);
}

/**
 * The page of a copy that is no longer the current one (its credential `id`, decision 0037): what
 * became of it, and the way to the certificate as it stands now.
 */
export function renderSupersededPage(
  board: Verification['board'],
  copy: { credentialName: string; number: number; revokedAt: string | null },
  currentUrl: string,
): string {
  const since = copy.revokedAt ? ` on ${e(day(copy.revokedAt))}` : '';
  const body = `<article class="card" aria-labelledby="status">
<section class="status muted" role="status">
<h1 id="status">Superseded by a newer version</h1>
<p>This copy (version ${copy.number}) of &ldquo;<bdi>${e(copy.credentialName)}</bdi>&rdquo; was replaced${since} by a newer version, and no longer verifies.</p>
<p><a href="${e(currentUrl)}">See the certificate as it stands now</a></p>
</section>
</article>`;
  return shell('Superseded by a newer version', '', body, board);
}

/** An unknown or malformed id: the same shell, so it costs what a known one costs. */
export function renderNotFoundPage(board: Verification['board']): string {
  const body = `<article class="card" aria-labelledby="status">
<section class="status bad" role="status">
<h1 id="status">Certificate not found</h1>
<p>No certificate has this verification link. Check that the link is complete, or ask the holder for a new one.</p>
</section>
</article>`;
  return shell('Certificate not found', '', body, board);
}
