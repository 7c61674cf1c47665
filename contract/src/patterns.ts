/** spec §5: text, an @, text, a dot, text, no whitespace. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * spec §5: a URL, host, localhost or IP address, with an optional scheme, port, path,
 * query and fragment. A host label is `[a-z\d](?:[a-z\d-]*[a-z\d])?`: the nested `(…*…)*` it
 * replaces matched the same labels but backtracked exponentially (seconds for 30 letters).
 */
export const URL_PATTERN =
  /^(https?:\/\/)?((([a-z\d](?:[a-z\d-]*[a-z\d])?)\.)+[a-z]{2,}|localhost|((\d{1,3}\.){3}\d{1,3}))(:\d+)?(\/[-a-z\d%_.~+@:]*)*(\?[;&a-z\d%_.~+=:@/-]*)?(#[-a-z\d_/]*)?$/i;

/** spec §5: a link without http:// or https:// gets https:// prefixed. */
export function withHttps(link: string): string {
  return /^https?:\/\//i.test(link) ? link : `https://${link}`;
}

/**
 * spec §5 (notifications): a link not starting with http gets https:// prefixed. Read as "with
 * no http(s) scheme" (issue 12): a host that merely begins with "http" (httpfoo.example.org)
 * would otherwise stay a relative link.
 */
export function withHttpsUnlessHttp(link: string): string {
  return withHttps(link);
}

/**
 * Issue 30, F8: whether a spreadsheet would read the text as a formula: it starts with `=`, `+`,
 * `-`, `@` or a control character (a tab, a carriage return), as OWASP's "CSV Injection" lists.
 */
export const startsLikeFormula = (text: string) => /^[=+\-@\p{Cc}]/u.test(text);

/** Control characters (C0, DEL, C1), the Unicode line and paragraph separators, and whitespace. */
const BREAKS_AND_CONTROLS = /[\p{Cc}\p{Zl}\p{Zp}\s]+/gu;

/**
 * A name is one line of text (issue 12): names go verbatim into mails, PDFs and credentials,
 * so each run of control characters or whitespace becomes one space, and the ends are trimmed.
 */
export function singleLine(text: string): string {
  return text.replace(BREAKS_AND_CONTROLS, ' ').trim();
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}
