/** The plugins the app ships with, in registration order. */
import { companyDataPlugin } from './companydata/plugin';
import { gleifPlugin } from './gleif/plugin';
import { pivotsPlugin } from './pivots/plugin';
import { rdapPlugin } from './rdap/plugin';
import type { PluginDefinition } from '../core/plugin-api';
import { whoisPlugin } from './whois/plugin';

export function builtinPlugins(): PluginDefinition[] {
  return [gleifPlugin, companyDataPlugin, rdapPlugin, whoisPlugin, pivotsPlugin];
}
