/** The WHOIS plugin's public entry. */
export { createWhoisPlugin, whoisPlugin, type WhoisPluginOptions } from './plugin';
