/**
 * The manifest remembers the hash of every file ralph-hooks wrote, which is how a
 * hand edit is told apart from a file that is merely out of date.
 */
import { existsSync, realpathSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, posix, relative } from 'node:path';
import { isJsonObject, parseJsonText } from '../util/json-text.js';
import { recordOf, type RecordedHandler, type Registrations } from '../registration/ownership.js';
import { LOCKFILES } from '../registration/package-json.js';

export const MANIFEST_FILE = '.ralph-hooks/manifest.json';

export interface Manifest {
  /** The ralph-hooks version that last wrote the files. */
  generator: string;
  /** Project-relative path → sha256 of the content written there. */
  files: Record<string, string>;
  /**
   * Hand edits the user adopted (`generate --on-conflict=adopt`): path → sha256 of their
   * version. While the file still holds it and the rendering is still `files[path]`, the edit is
   * the recorded state: generate leaves it, doctor accepts it; --force restores the rendering.
   */
  adopted?: Record<string, string>;
  /**
   * For each adopted file, the hash of the rendering the user's edit was made from (what
   * ralph-hooks had written there). When it is not `files[path]`, the config changed before the
   * edit was adopted, and the edit lacks that change: generate and doctor say so.
   */
  adoptedFrom?: Record<string, string>;
  /**
   * Registration file → the handlers ralph-hooks wrote in it (registration/ownership.ts): only
   * these are ever replaced or removed. Absent in manifests written before it was recorded.
   */
  registrations?: Registrations;
  /** Files a target created beside its registration (a plugin's manifest) → sha256 of what was written. */
  companions?: Record<string, string>;
  /**
   * With the project's formatter (formatters/): generated file → sha256 of what ralph-hooks
   * rendered, before the formatter; and `formatter`, what the formatting depended on. While both
   * are the same and the file is as written, the formatter's answer is known without running it.
   */
  rendered?: Record<string, string>;
  formatter?: string;
  /**
   * What ralph-hooks put into package.json (extras.packageJson), so uninstall can give it back.
   * Absent in manifests written before it was recorded: then uninstall cannot tell who added
   * vitest and bats, and leaves them.
   */
  packageJson?: PackageJsonRecord;
}

/**
 * package.json as ralph-hooks found it, and what it added. Written the first time generate plans
 * package.json; `before`, `created`, `lockfilesBefore` and `nodeModulesBefore` are set the first
 * time it adds something, and never change after that.
 */
export interface PackageJsonRecord {
  /** devDependencies ralph-hooks added (names). One the user already listed, in any section, is never here. */
  devDependencies: string[];
  /** Scripts ralph-hooks set (added, or replaced npm's placeholder) → the text it last wrote. */
  scripts: Record<string, string>;
  /** package.json's exact text before ralph-hooks first changed it; null: there was none (ralph-hooks created it). */
  before?: string | null;
  /** When ralph-hooks created package.json: the fields it started it with (name, version, private). */
  created?: Record<string, unknown>;
  /** The lockfiles (LOCKFILES) that existed at that moment. */
  lockfilesBefore?: string[];
  /** Whether node_modules/ existed at that moment. */
  nodeModulesBefore?: boolean;
}

/** Has ralph-hooks anything of its own in package.json, by this record? */
export function recordsEntries(record: PackageJsonRecord | undefined): boolean {
  return record !== undefined && (record.devDependencies.length > 0 || Object.keys(record.scripts).length > 0);
}


/**
 * A path the manifest may name: relative, inside the project once normalised, no NUL or
 * backslash. Anything else was never written by ralph-hooks, so it is never touched.
 */
export function isProjectPath(path: string): boolean {
  if (path === '' || path.includes('\0') || path.includes('\\') || posix.isAbsolute(path)) return false;
  const normal = posix.normalize(path);
  return normal !== '..' && !normal.startsWith('../') && normal !== '.' && normal === path.replace(/^\.\//, '');
}

/**
 * Where `path` (relative to `root`) really is, symlinks and `..` resolved, when that is inside
 * the project; undefined when it resolves outside. The folder holding the file is resolved
 * through its nearest existing ancestor; the file itself is not followed (deleting or renaming
 * over a symlink touches the link, never what it points to).
 */
export function resolveInside(root: string, path: string): string | undefined {
  try {
    const realRoot = realpathSync(root);
    let folder = dirname(join(root, path));
    const missing: string[] = [];
    while (!existsSync(folder)) {
      missing.unshift(basename(folder));
      const up = dirname(folder);
      if (up === folder) return undefined;
      folder = up;
    }
    const resolved = join(realpathSync(folder), ...missing);
    const inside = relative(realRoot, resolved);
    if (inside === '..' || inside.startsWith('../') || isAbsolute(inside)) return undefined;
    return join(resolved, basename(path));
  } catch {
    return undefined;
  }
}

/** One line naming a path that resolves outside the project (a symlinked folder, say): refused, never written or deleted. */
export function outsideProjectMessage(path: string): string {
  return `${path} resolves outside the project (through a symlink); ralph-hooks will not write or delete it.`;
}

/** The manifest, without entries that could point outside the project (each one reported in `warnings`). */
export function readManifest(root: string, warnings: string[] = []): Manifest | undefined {
  const path = join(root, MANIFEST_FILE);
  if (!existsSync(path)) return undefined;
  const data = parseJsonText(readRegularFile(path, MANIFEST_FILE), MANIFEST_FILE) as Partial<Manifest>;
  const files: Record<string, string> = {};
  const listed = data.files !== null && typeof data.files === 'object' && !Array.isArray(data.files) ? data.files : {};
  for (const [file, hash] of Object.entries(listed)) {
    if (isProjectPath(file) && typeof hash === 'string' && resolveInside(root, file) === undefined) {
      warnings.push(`${MANIFEST_FILE}: ignored the entry ${JSON.stringify(file)}: it resolves outside the project (through a symlink), so it is never ralph-hooks' to change or delete.`);
    } else if (isProjectPath(file) && typeof hash === 'string') files[file] = hash;
    else warnings.push(`${MANIFEST_FILE}: ignored the entry ${JSON.stringify(file)}: not a file inside the project, so never ralph-hooks' to change or delete.`);
  }
  const adopted = data.adopted && Object.keys(data.adopted).length ? { adopted: { ...data.adopted } } : {};
  const adoptedFrom = data.adoptedFrom && Object.keys(data.adoptedFrom).length ? { adoptedFrom: { ...data.adoptedFrom } } : {};
  const registrations = isJsonObject(data.registrations) ? { registrations: readRegistrations(data.registrations, warnings) } : {};
  const companions = isJsonObject(data.companions)
    ? { companions: Object.fromEntries(Object.entries(data.companions).filter(([path, hash]) => isProjectPath(path) && typeof hash === 'string')) as Record<string, string> }
    : {};
  const recorded: unknown = data.packageJson;
  const packageJson = isJsonObject(recorded) ? { packageJson: readPackageJsonRecord(recorded) } : {};
  const rendered = isJsonObject(data.rendered)
    ? { rendered: Object.fromEntries(Object.entries(data.rendered).filter(([path, hash]) => isProjectPath(path) && typeof hash === 'string')) as Record<string, string> }
    : {};
  const formatter = typeof data.formatter === 'string' ? { formatter: data.formatter } : {};
  return { generator: String(data.generator ?? 'unknown'), files, ...adopted, ...adoptedFrom, ...registrations, ...companions, ...rendered, ...formatter, ...packageJson };
}

/** The package.json record, each field checked for shape; a lockfile name that is not one of LOCKFILES is dropped (never a path to delete). */
function readPackageJsonRecord(data: Record<string, unknown>): PackageJsonRecord {
  const strings = (value: unknown) => (Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : []);
  const scripts = isJsonObject(data.scripts) ? Object.fromEntries(Object.entries(data.scripts).filter(([, text]) => typeof text === 'string')) as Record<string, string> : {};
  return {
    devDependencies: strings(data.devDependencies),
    scripts,
    ...(typeof data.before === 'string' || data.before === null ? { before: data.before } : {}),
    ...(isJsonObject(data.created) ? { created: data.created } : {}),
    ...(Array.isArray(data.lockfilesBefore) ? { lockfilesBefore: strings(data.lockfilesBefore).filter((name) => (LOCKFILES as readonly string[]).includes(name)) } : {}),
    ...(typeof data.nodeModulesBefore === 'boolean' ? { nodeModulesBefore: data.nodeModulesBefore } : {}),
  };
}

/** The recorded handlers, each checked for shape (a hand-edited manifest loses only the bad entries). */
function readRegistrations(data: Record<string, unknown>, warnings: string[]): Registrations {
  const result: Registrations = {};
  const isHandler = (h: unknown): h is RecordedHandler =>
    isJsonObject(h) && typeof h.event === 'string' && typeof h.command === 'string' && (h.matcher === undefined || typeof h.matcher === 'string')
    && (h.timeout === undefined || typeof h.timeout === 'number') && (h.onFailure === undefined || typeof h.onFailure === 'string');
  for (const [file, handlers] of Object.entries(data)) {
    if (!isProjectPath(file) || !Array.isArray(handlers)) {
      warnings.push(`${MANIFEST_FILE}: ignored the registrations of ${JSON.stringify(file)}: not a file inside the project with a list of handlers.`);
      continue;
    }
    // Timeout and onFailure included: they tell our handler from a user's copy of its command.
    result[file] = handlers.filter(isHandler).map(recordOf);
  }
  return result;
}

import { readRegularFile, sha256 } from '../util/files.js';
export { readRegularFile, sha256 };
