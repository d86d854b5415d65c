/** Raw URLs (from RDAP links, WHOIS fields, company websites) to normalised OAM URL assets. */
import type { URLAsset } from '../../shared/model/asset';

const DEFAULT_PORTS: Record<string, number> = { http: 80, https: 443, ftp: 21 };

/**
 * Normalises a URL: lower-case scheme and host, no trailing host dot, duplicate slashes in the
 * path collapsed, default port removed from `url` but reported in `port`. Only http, https and
 * ftp are accepted. A value without a scheme that starts like a host name ("www.example.com/x",
 * as WHOIS "Registrar URL" fields often are) is read as http. Anything else gives undefined.
 */
export function rawUrlToAsset(raw: string): URLAsset | undefined {
  const text = raw.trim();
  if (text === '' || /\s/.test(text) || text.length > 2048) {
    return undefined;
  }
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(text) ? text : hostLike(text) ? `http://${text}` : undefined;
  if (withScheme === undefined) {
    return undefined;
  }
  let parsed: URL;
  try {
    parsed = new URL(withScheme);
  } catch {
    return undefined;
  }
  const scheme = parsed.protocol.replace(/:$/, '');
  const defaultPort = DEFAULT_PORTS[scheme];
  if (defaultPort === undefined || parsed.hostname === '') {
    return undefined;
  }
  parsed.hostname = parsed.hostname.replace(/\.+$/, '');
  if (parsed.hostname === '') {
    return undefined;
  }
  parsed.pathname = parsed.pathname.replace(/\/{2,}/g, '/');
  const asset: URLAsset = {
    url: parsed.href,
    scheme,
    host: parsed.hostname,
    port: parsed.port === '' ? defaultPort : Number(parsed.port),
    path: parsed.pathname,
  };
  if (parsed.username !== '') {
    asset.username = decodeURIComponent(parsed.username);
  }
  if (parsed.password !== '') {
    asset.password = decodeURIComponent(parsed.password);
  }
  if (parsed.search.length > 1) {
    asset.options = parsed.search.slice(1);
  }
  if (parsed.hash.length > 1) {
    asset.fragment = parsed.hash.slice(1);
  }
  return asset;
}

function hostLike(text: string): boolean {
  return /^[\p{L}\p{N}-]+(\.[\p{L}\p{N}-]+)+\.?(:\d+)?(\/|$)/u.test(text);
}
