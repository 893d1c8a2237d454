// In create-ralph-hooks' bundle, node:fs as ralph-hooks' own modules see it: the files of the
// package (templates, …), which the bundle carries, read under PACKAGE_ROOT as if they were on
// disk; every other path is the real file system. (Generated exports: scripts/bundle-create.mjs.)
import * as real from 'node:fs';
import { relative, sep } from 'node:path';
import { FILES } from 'ralph-hooks:files';
import { PACKAGE_ROOT } from './package-info.js';

/** The path inside the package ('templates/x.hbs', '' for the root), or undefined outside it. */
function inPackage(path) {
  if (typeof path !== 'string') return undefined;
  const rel = relative(PACKAGE_ROOT, path);
  if (rel === '') return '';
  if (rel.startsWith('..') || rel.startsWith(sep) || /^[A-Za-z]:/.test(rel)) return undefined;
  return rel.split(sep).join('/');
}

/** The package's folders ('' the root), each with its entries' names; made on first use. */
let dirs;
function folders() {
  if (dirs) return dirs;
  dirs = new Map([['', new Set()]]);
  for (const file of Object.keys(FILES)) {
    const parts = file.split('/');
    for (let i = 0; i < parts.length; i++) {
      const dir = parts.slice(0, i).join('/');
      if (!dirs.has(dir)) dirs.set(dir, new Set());
      dirs.get(dir).add(parts[i]);
    }
  }
  return dirs;
}

function missing(syscall, path) {
  const error = new Error(`ENOENT: no such file or directory, ${syscall} '${path}'`);
  return Object.assign(error, { errno: -2, code: 'ENOENT', syscall, path });
}

function fakeStat(rel) {
  const isFile = Object.hasOwn(FILES, rel);
  const size = isFile ? Buffer.byteLength(FILES[rel]) : 0;
  const when = new Date(0);
  return {
    isFile: () => isFile, isDirectory: () => !isFile, isSymbolicLink: () => false, isFIFO: () => false,
    isSocket: () => false, isBlockDevice: () => false, isCharacterDevice: () => false,
    size, mode: isFile ? 0o100644 : 0o40755, mtime: when, mtimeMs: 0, ctime: when, ctimeMs: 0, atime: when, atimeMs: 0, birthtime: when, birthtimeMs: 0,
  };
}

export function existsSync(path) {
  const rel = inPackage(path);
  if (rel === undefined) return real.existsSync(path);
  return Object.hasOwn(FILES, rel) || folders().has(rel);
}

export function readFileSync(path, options) {
  const rel = inPackage(path);
  if (rel === undefined) return real.readFileSync(path, options);
  if (!Object.hasOwn(FILES, rel)) throw missing('open', path);
  const encoding = typeof options === 'string' ? options : options?.encoding;
  return encoding ? FILES[rel] : Buffer.from(FILES[rel]);
}

export function readdirSync(path, options) {
  const rel = inPackage(path);
  if (rel === undefined) return real.readdirSync(path, options);
  if (!folders().has(rel)) throw missing('scandir', path);
  const names = [...folders().get(rel)].sort();
  if (!options?.withFileTypes) return names;
  return names.map((name) => {
    const stat = fakeStat(rel ? `${rel}/${name}` : name);
    return { name, parentPath: path, path, isFile: stat.isFile, isDirectory: stat.isDirectory, isSymbolicLink: stat.isSymbolicLink };
  });
}

export function statSync(path, options) {
  const rel = inPackage(path);
  if (rel === undefined) return real.statSync(path, options);
  if (!Object.hasOwn(FILES, rel) && !folders().has(rel)) {
    if (options?.throwIfNoEntry === false) return undefined;
    throw missing('stat', path);
  }
  return fakeStat(rel);
}

export function lstatSync(path, options) {
  return inPackage(path) === undefined ? real.lstatSync(path, options) : statSync(path, options);
}
