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

/** Replaces every occurrence of the given secrets in a text (defence in depth for messages). */
export function scrubSecrets(text: string, secrets: readonly (string | undefined)[]): string {
  let result = text;
  for (const secret of secrets) {
    if (secret && secret.length >= 4) {
      result = result.split(secret).join(REDACTED);
      const encoded = encodeURIComponent(secret);
      if (encoded !== secret) {
        result = result.split(encoded).join(REDACTED);
      }
    }
  }
  return result;
}
