/** Redaction of secrets (URL credentials, key-like query parameters, auth headers) before logging. */

export const REDACTED = 'REDACTED';

// Query parameter names that carry secrets: api_key, apiKey, key, token, access_token,
// client_secret, password, passwd, sig, signature...
const SECRET_PARAMETER =
  /(^|[-_.])(key|token|secret|password|passwd|pwd|sig|signature|auth)$|apikey|api_key|access_token|password|secret/i;

const SECRET_HEADER =
  /^(authorization|proxy-authorization|cookie|set-cookie|x-api-key|api-key|x-auth-token)$|token|secret|key/i;

/** True when a query parameter's name looks like it carries a secret. */
export function isSecretParameter(name: string): boolean {
  return SECRET_PARAMETER.test(name);
}

/**
 * The URL without userinfo and with the values of key-like query parameters masked. A string
 * that is not a URL is returned with anything that looks like `user:pass@` removed.
 */
export function redactUrl(url: string | URL): string {
  let parsed: URL;
  try {
    parsed = new URL(url.toString());
  } catch {
    return url.toString().replace(/\/\/[^/@\s]*@/g, '//');
  }
  parsed.username = '';
  parsed.password = '';
  if (parsed.search) {
    const parts = parsed.search
      .slice(1)
      .split('&')
      .map((part) => {
        const separator = part.indexOf('=');
        const rawName = separator < 0 ? part : part.slice(0, separator);
        let name = rawName;
        try {
          name = decodeURIComponent(rawName.replace(/\+/g, ' '));
        } catch {
          // Keep the raw name: it is only used to decide whether to mask.
        }
        return isSecretParameter(name) && separator >= 0 ? `${rawName}=${REDACTED}` : part;
      });
    parsed.search = `?${parts.join('&')}`;
  }
  return parsed.toString();
}

/** A copy of the headers with secret-bearing values masked, for log lines. */
export function redactHeaders(headers: Record<string, string>): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    result[name] = SECRET_HEADER.test(name) ? REDACTED : value;
  }
  return result;
}

/**
 * Shortest run of a secret's characters that counts as leaking it. A reply that echoes the key
 * can reach a message cut short (a JSON parser quotes the first ten characters of a body), so
 * matching the whole secret is not enough: any run of this many characters is masked.
 */
export const MIN_SECRET_RUN = 6;

/**
 * Masks every run of MIN_SECRET_RUN or more characters of any secret in a text (and of its
 * URL-encoded form), replacing each masked stretch with REDACTED. Secrets shorter than the run are
 * masked when they appear whole (from 4 characters: shorter ones would mask ordinary words).
 */
export function scrubSecrets(text: string, secrets: readonly (string | undefined)[]): string {
  const masked = new Uint8Array(text.length);
  let any = false;
  const mark = (needle: string): void => {
    for (let at = text.indexOf(needle); at >= 0; at = text.indexOf(needle, at + 1)) {
      masked.fill(1, at, at + needle.length);
      any = true;
    }
  };
  for (const secret of secrets) {
    if (!secret || secret.length < 4) {
      continue;
    }
    const forms = new Set([secret, encodeURIComponent(secret)]);
    for (const form of forms) {
      if (form.length <= MIN_SECRET_RUN) {
        mark(form);
        continue;
      }
      // Every longer run is covered by the windows of MIN_SECRET_RUN characters inside it.
      for (let start = 0; start + MIN_SECRET_RUN <= form.length; start += 1) {
        mark(form.slice(start, start + MIN_SECRET_RUN));
      }
    }
  }
  if (!any) {
    return text;
  }
  let result = '';
  for (let index = 0; index < text.length; index += 1) {
    if (masked[index] === 1) {
      if (index === 0 || masked[index - 1] !== 1) {
        result += REDACTED;
      }
    } else {
      result += text[index] ?? '';
    }
  }
  return result;
}

/**
 * Takes `user:password@` out of a URL (mutating it). A user who writes credentials into a
 * configured URL means HTTP Basic auth: returns that header and the secrets to mask in messages
 * (the password raw and decoded, and the Basic token), or undefined when the URL has none.
 */
export function takeUrlCredentials(url: URL): { authorization: string; secrets: string[] } | undefined {
  if (url.username === '' && url.password === '') {
    return undefined;
  }
  const rawUser = url.username;
  const rawPassword = url.password;
  url.username = '';
  url.password = '';
  const user = decodeOrKeep(rawUser);
  const password = decodeOrKeep(rawPassword);
  const token = Buffer.from(`${user}:${password}`, 'utf8').toString('base64');
  return {
    authorization: `Basic ${token}`,
    secrets: [password, rawPassword, token].filter((secret) => secret !== ''),
  };
}

function decodeOrKeep(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
