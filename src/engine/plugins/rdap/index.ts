/** Public surface of the RDAP plugin. */
export { rdapPlugin, RDAP_SOURCE } from './plugin';
export type { RdapResources } from './client';
export { createRdapBootstrap, type RdapBootstrap } from './bootstrap';
