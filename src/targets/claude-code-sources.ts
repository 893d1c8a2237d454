/**
 * The files Claude Code reads hooks from: it concatenates its settings sources user,
 * project, local, managed (its source list, lowest priority first), then adds each loaded
 * plugin's hooks/hooks.json. Both Claude Code targets (project, plugin) read them.
 */
import { isAbsolute, join, relative } from 'node:path';
import type { HookFile, SourceOptions } from '../hook-types.js';
import { jsonFilesIn } from './hook-sources.js';
import { isJsonObject, jsonObjectIn } from '../util/json-text.js';
import { readIfExists } from '../registration/merged-file.js';
import { homeFolder } from './home-settings.js';

export function claudeCodeHookSources(root: string, env: NodeJS.ProcessEnv, options: SourceOptions): HookFile[] {
  const configDir = env.CLAUDE_CONFIG_DIR || join(homeFolder(env), '.claude');
  const managedDir = options.claudeManagedDir ?? '/etc/claude-code';
  const settings: HookFile[] = [
    { kind: 'user', path: join(configDir, 'settings.json'), base: root, format: 'json' },
    { kind: 'project', path: join(root, '.claude', 'settings.json'), base: root, format: 'json' },
    { kind: 'local', path: join(root, '.claude', 'settings.local.json'), base: root, format: 'json' },
    // The managed file, then the drop-in folder's files in name order (each merged over the last).
    { kind: 'managed', path: join(managedDir, 'managed-settings.json'), base: root, format: 'json' },
    ...jsonFilesIn(join(managedDir, 'managed-settings.d')).map((path): HookFile => ({ kind: 'managed', path, base: root, format: 'json' })),
  ];
  const pluginDirs = [...(options.projectIsPlugin ? [root] : []), ...(options.pluginDirs ?? []).map((dir) => (isAbsolute(dir) ? dir : join(root, dir)))];
  const plugins = [...pluginDirs, ...enabledPluginDirs(root, configDir, settings)].flatMap(pluginHookFiles);
  return [...settings, ...plugins];
}

/** A JSON file's object, or undefined when it is missing or not an object (explain reports a broken file on its own). */
function readJsonObject(path: string): Record<string, unknown> | undefined {
  try {
    return jsonObjectIn(readIfExists(path));
  } catch {
    return undefined; // unreadable
  }
}

/**
 * The installed plugins Claude Code loads here: listed in plugins/installed_plugins.json
 * (version 2: id → installs with scope and installPath), set to true in `enabledPlugins` of
 * the merged settings (a later source overrides an earlier one), from a marketplace Claude Code
 * knows (plugins/known_marketplaces.json, or extraKnownMarketplaces in the settings). A
 * project- or local-scope install counts only for its own project.
 */
function enabledPluginDirs(root: string, configDir: string, settings: HookFile[]): string[] {
  const enabled = new Map<string, boolean>();
  for (const file of settings) {
    const value = readJsonObject(file.path)?.enabledPlugins;
    if (isJsonObject(value)) for (const [id, on] of Object.entries(value)) enabled.set(id, on === true);
  }
  const installed = readJsonObject(join(configDir, 'plugins', 'installed_plugins.json'))?.plugins;
  if (!isJsonObject(installed)) return [];
  // Claude Code loads nothing of a plugin whose marketplace it does not know.
  const marketplaces = new Set(Object.keys(readJsonObject(join(configDir, 'plugins', 'known_marketplaces.json')) ?? {}));
  for (const file of settings) {
    const extra = readJsonObject(file.path)?.extraKnownMarketplaces;
    if (isJsonObject(extra)) for (const name of Object.keys(extra)) marketplaces.add(name);
  }
  return Object.entries(installed).flatMap(([id, installs]) => {
    if (enabled.get(id) !== true || !Array.isArray(installs) || !marketplaces.has(id.slice(id.lastIndexOf('@') + 1))) return [];
    const install = installs.find((entry) => isJsonObject(entry) && typeof entry.installPath === 'string' && (entry.projectPath === undefined || relative(String(entry.projectPath), root) === ''));
    return install ? [String(install.installPath)] : [];
  });
}

/** A plugin's hook file: hooks/hooks.json, or the file its plugin.json names under "hooks". */
function pluginHookFiles(dir: string): HookFile[] {
  const manifest = readJsonObject(join(dir, '.claude-plugin', 'plugin.json'));
  const name = typeof manifest?.name === 'string' ? manifest.name : dir;
  const named = typeof manifest?.hooks === 'string' ? [join(dir, manifest.hooks)] : [];
  return [join(dir, 'hooks', 'hooks.json'), ...named]
    .filter((path, index, all) => all.indexOf(path) === index)
    .map((path): HookFile => ({ kind: 'plugin', path, plugin: name, base: dir, format: 'json' }));
}
