import type { Verification } from '@portal/contract';
import { escapeHtml as e } from '../../lib/html';

/**
 * A calendar date as every verifier reads it the same way: '24 November 2026' (UTC). One
 * formatter for the process: toLocaleDateString builds a new one per call (about 0.1 ms each,
 * five per page).
 */
const DAY = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
const day = (iso: string) => DAY.format(new Date(iso));

const STATUS_TEXT: Record<Verification['status'], { headline: string; tone: string }> = {
  Active: { headline: 'Valid certificate', tone: 'ok' },
  Expired: { headline: 'Expired certificate', tone: 'muted' },
  Suspended: { headline: 'Suspended certificate', tone: 'warn' },
  Revoked: { headline: 'Revoked certificate', tone: 'bad' },
};

function statusLine(v: Verification): string {
  const since = v.statusSince ? day(v.statusSince) : '';
  switch (v.status) {
    case 'Active':
      return `Active, valid till ${day(v.validTill)}`;
    case 'Expired':
      return `Expired on ${day(v.validTill)}`;
    case 'Suspended':
      return since ? `Suspended since ${since}` : 'Suspended';
    case 'Revoked':
      return `Revoked on ${since}`;
  }
}

/*
 * Server-rendered, readable without JavaScript (issue 11). The page ships no script, so the CSP's
 * `script-src 'self'` is moot; the styles are inline (the CSP allows inline styles).
 */
const STYLE = `
:root{color-scheme:light;--brand:#1D5598;--ink:#1b2430;--muted:#4b5563;--ok:#1e7b34;--warn:#8a5a00;--bad:#b42318}
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 'DM Sans',system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;color:var(--ink);background:#f4f6fa}
header{background:var(--brand);color:#fff}
.bar{max-width:760px;margin:0 auto;padding:16px 20px;display:flex;gap:12px;align-items:center}
.bar img{width:40px;height:40px;border-radius:8px;background:#fff}
.bar a{color:#fff;font-weight:700;font-size:1.1rem;text-decoration:underline;text-underline-offset:3px}
main{max-width:760px;margin:24px auto;padding:0 20px}
.card{background:#fff;border-radius:16px;box-shadow:0 1px 3px rgba(0,0,0,.08);padding:24px}
.status{border-radius:12px;padding:16px 20px;margin-bottom:20px;border:2px solid}
.status h1{margin:0 0 4px;font-size:1.5rem}
.status p{margin:0}
.ok{border-color:var(--ok);color:var(--ok);background:#edf7ef}
.warn{border-color:var(--warn);color:var(--warn);background:#fff6e5}
.bad{border-color:var(--bad);color:var(--bad);background:#fdeceb}
.muted{border-color:var(--muted);color:var(--muted);background:#f1f3f5}
dl{display:grid;grid-template-columns:minmax(9rem,auto) 1fr;gap:10px 20px;margin:0}
dt{color:var(--muted)}
dd{margin:0;font-weight:600;overflow-wrap:anywhere}
.signature{margin-top:20px;padding-top:16px;border-top:1px solid #e5e7eb;color:var(--muted);font-size:.95rem}
.signature strong{color:var(--ink)}
footer{max-width:760px;margin:0 auto 32px;padding:0 20px;color:var(--muted);font-size:.875rem}
@media (max-width:480px){dl{grid-template-columns:1fr}dd{margin-bottom:8px}}
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
<header><div class="bar"><img src="${e(board.logoUrl)}" alt="" width="40" height="40"><a href="${e(board.url)}">${e(board.name)}</a></div></header>
<main>${body}</main>
<footer>This page shows only what the board publishes so that anyone can check a certificate. No account is needed, and nothing about you is recorded.</footer>
</body>
</html>`;
}

/** The public verification page of one certificate. */
export function renderVerificationPage(v: Verification, pageUrl: string): string {
  const { headline, tone } = STATUS_TEXT[v.status];
  const title = `${v.credentialName}: ${v.status}`;
  const og = [
    ['og:type', 'website'],
    ['og:title', title],
    ['og:description', `${v.board.name} certificate ${v.certificateNo}. Status: ${statusLine(v)}.`],
    ['og:site_name', v.board.name],
    ['og:url', pageUrl],
  ]
    .map(([property, content]) => `<meta property="${property}" content="${e(content!)}">`)
    .join('\n');
  const signature = v.signature.valid
    ? `<p><strong>&#10003; Authentic.</strong> The board's digital signature on this certificate checks out${
        v.status === 'Active' ? '' : `, but the certificate is ${v.status.toLowerCase()}`
      }. Signed by <code>${e(v.signature.issuer)}</code>${v.signature.signedAt ? ` on ${day(v.signature.signedAt)}` : ''} (Open Badges 3.0, eddsa-rdfc-2022).</p>`
    : `<p><strong>&#10007; The signature does not check out.</strong> Do not rely on this certificate; contact the board.</p>`;
  const body = `<article class="card" aria-labelledby="status">
<section class="status ${tone}" role="status">
<h1 id="status">${e(headline)}</h1>
<p>${e(statusLine(v))}</p>
</section>
<dl>
<dt>Holder</dt><dd>${e(v.holderName || 'Not yet claimed')}</dd>
<dt>Credential</dt><dd>${e(v.credentialName)}</dd>
<dt>Certificate No</dt><dd>${e(v.certificateNo)}</dd>
<dt>Issued</dt><dd>${e(day(v.issuedOn))}</dd>
<dt>Valid till</dt><dd>${e(day(v.validTill))}</dd>
<dt>Status</dt><dd>${e(v.status)}</dd>
</dl>
<div class="signature">${signature}</div>
</article>`;
  return shell(title, og, body, v.board);
}

/** An unknown or malformed id: the same shell, so it costs what a known one costs. */
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
<p>This copy (version ${copy.number}) of &ldquo;${e(copy.credentialName)}&rdquo; was replaced${since} by a newer version, and no longer verifies.</p>
<p><a href="${e(currentUrl)}">See the certificate as it stands now</a></p>
</section>
</article>`;
  return shell('Superseded by a newer version', '', body, board);
}

export function renderNotFoundPage(board: Verification['board']): string {
  const body = `<article class="card" aria-labelledby="status">
<section class="status bad" role="status">
<h1 id="status">Certificate not found</h1>
<p>No certificate has this verification link. Check that the link is complete, or ask the holder for a new one.</p>
</section>
</article>`;
  return shell('Certificate not found', '', body, board);
}
