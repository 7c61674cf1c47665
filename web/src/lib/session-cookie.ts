/**
 * The server answers every signed-in request with a cookie the page can read:
 * `<seconds left>-<server time>` (server/src/plugins/auth.ts). Its name is `__Host-`-prefixed in
 * production.
 */
export function readSessionExpiry(cookies: string): string | undefined {
  for (const pair of cookies.split(';')) {
    const [name, value] = pair.trim().split('=');
    if ((name === 'session_expiry' || name === '__Host-session_expiry') && value) return value;
  }
  return undefined;
}
