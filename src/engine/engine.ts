/**
 * Engine composition: plugins set up once with their environment (plugin-environment.ts), case
 * files opened on the graph store (open-case.ts), sessions started on them.
 */
import type { Engine, EngineOptions, OpenCase } from './engine-types';
import { openCaseFile, openCaseOn, type OpenCaseOptions } from './open-case';
import { createPluginEnvironment } from './plugin-environment';
import { builtinPlugins } from './plugins/builtin';
import { createHandlerRegistry } from './core/registry';
import type { PluginDefinition } from './core/plugin-api';
import { systemClock } from './util/clock';
import { silentLogger } from './util/logger';

export { INVESTIGATOR_SOURCE } from './seeds';

export function createEngine(options: EngineOptions): Engine {
  const { config } = options;
  const clock = options.clock ?? systemClock;
  const logger = options.logger ?? silentLogger;
  const plugins = options.plugins ?? builtinPlugins();
  // The configured order of DomainRecord's alternatives (RDAP, WHOIS): see docs/rdap.md.
  const registry = createHandlerRegistry(plugins, { order: { DomainRecord: config.sources.domain.order } });
  // Identity rules are the plugins' knowledge (GLEIF: one LEI, one organization); stores apply them.
  const mergeRules = plugins.flatMap((plugin) => plugin.mergeRules ?? []);

  const environment = createPluginEnvironment({
    ...(options.rateLedger === undefined ? {} : { rateLedger: options.rateLedger }),
    ...(options.offThread === undefined ? {} : { offThread: options.offThread }),
    config,
    dataDir: options.dataDir,
    clock,
    logger,
    credentials: options.credentials,
  });
  const resources = new Map<PluginDefinition, unknown>();
  for (const plugin of plugins) {
    resources.set(plugin, plugin.setup(environment));
  }

  const openCases = new Set<OpenCase>();
  const caseOptions = (onClosed: () => void): OpenCaseOptions => ({
    config,
    registry,
    mergeRules,
    clock,
    logger,
    resourcesOf: (plugin) => resources.get(plugin),
    onClosed,
    hasKey: async (credential) => {
      try {
        return (await options.credentials.status(credential)).configured;
      } catch {
        // An unreachable keychain holds no usable key: the menu says the source needs one.
        return false;
      }
    },
  });
  const track = (open: (onClosed: () => void) => OpenCase): OpenCase => {
    const opened: OpenCase = open(() => openCases.delete(opened));
    openCases.add(opened);
    return opened;
  };
  return {
    config,
    openCase: (path) => track((onClosed) => openCaseFile(path, caseOptions(onClosed))),
    openCaseOn: (graph, path) => track((onClosed) => openCaseOn(graph, path, caseOptions(onClosed))),
    close: async () => {
      await Promise.all([...openCases].map((open) => open.close()));
      await environment.close();
    },
  };
}
