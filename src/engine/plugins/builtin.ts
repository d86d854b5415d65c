/** The plugins the app ships with, in registration order. */
import type { PluginDefinition } from './types';

export function builtinPlugins(): PluginDefinition[] {
  return [];
}
