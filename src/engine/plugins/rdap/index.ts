/** Public surface of the RDAP plugin. */
export { rdapPlugin, RDAP_SOURCE } from './plugin';
export type { RdapResources } from './query';
export { createRdapBootstrap, type RdapBootstrap } from './bootstrap';
