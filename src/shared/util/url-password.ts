/**
 * A password written into an endpoint URL (`https://user:password@mirror.example/`) is a secret:
 * the settings screen shows the URL with the password replaced by a placeholder, and a URL that
 * comes back with the placeholder keeps the stored password, but only for the same user on the
 * same scheme, host and port. Pointing the URL elsewhere drops it: a password is never carried to
 * a server it was not written for.
 */

/** What the settings screen shows instead of a URL's password. */
export const PASSWORD_PLACEHOLDER = 'REDACTED';

/** The URL with its password (if any) replaced by PASSWORD_PLACEHOLDER; other text unchanged. */
export function maskUrlPassword(text: string): string {
  const url = parse(text);
  if (url === undefined || url.password === '') {
    return text;
  }
  url.password = PASSWORD_PLACEHOLDER;
  return url.toString();
}

/**
 * The submitted URL with the placeholder password replaced by the stored one when the user, scheme,
 * host and port are unchanged; with the placeholder removed (no password) when they changed.
 */
export function restoreUrlPassword(submitted: string, stored: string | undefined): string {
  const url = parse(submitted);
  if (url === undefined || url.password !== PASSWORD_PLACEHOLDER) {
    return submitted;
  }
  const previous = stored === undefined ? undefined : parse(stored);
  if (previous !== undefined && previous.origin === url.origin && previous.username === url.username) {
    url.password = previous.password;
  } else {
    url.password = '';
  }
  return url.toString();
}

/**
 * The URL without user name and password: what a cache file, a log line or a message may name.
 * Text that is not a URL is returned unchanged.
 */
export function withoutUserinfo(text: string): string {
  const url = parse(text);
  if (url === undefined || (url.username === '' && url.password === '')) {
    return text;
  }
  url.username = '';
  url.password = '';
  return url.toString();
}

function parse(text: string): URL | undefined {
  try {
    return new URL(text);
  } catch {
    return undefined;
  }
}
