/** WHOIS server addresses (`host` or `host:port`) and the URL a query is known by. */

const DEFAULT_PORT = 43;

export function splitHostPort(address: string): { host: string; port: number } {
  const match = /^(.*?)(?::(\d{1,5}))?$/.exec(address.trim());
  const port = match?.[2] === undefined ? DEFAULT_PORT : Number(match[2]);
  return { host: match?.[1] ?? address, port };
}

export function whoisUrl(server: string, query: string): string {
  return `whois://${server}/${query}`;
}
