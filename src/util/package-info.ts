import { readFileSync } from 'node:fs';
import { dirname, isAbsolute, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The package root, found from this file whether it runs from src/ (tests) or dist/src/ (published). */
export const PACKAGE_ROOT = findPackageRoot(dirname(fileURLToPath(import.meta.url)));

function findPackageRoot(start: string): string {
  for (let dir = start; ; dir = dirname(dir)) {
    try {
      const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
      if (pkg.name === 'ralph-hooks') return dir;
    } catch {
      // no package.json here: keep walking up
    }
    if (dirname(dir) === dir) throw new Error(`ralph-hooks: cannot find the package root above ${start}`);
  }
}

let version: string | undefined;
export function packageVersion(): string {
  version ??= JSON.parse(readFileSync(join(PACKAGE_ROOT, 'package.json'), 'utf8')).version as string;
  return version;
}

export const TEMPLATES_DIR = join(PACKAGE_ROOT, 'templates');

/**
 * One of our docs pages as a user can open it: a path from the project root when ralph-hooks is
 * installed in the project (node_modules/ralph-hooks/docs/…); the published copy of this version
 * when it runs from a one-off runner's cache (npx, pnpm dlx, yarn dlx, bunx), where no one should
 * be sent; else (a global install, a checkout) the absolute path.
 */
export function docsPage(page: string, root = process.cwd()): string {
  const path = join(PACKAGE_ROOT, 'docs', page);
  const fromRoot = relative(root, path);
  if (!fromRoot.startsWith('..') && !isAbsolute(fromRoot)) return fromRoot;
  return ONE_OFF_CACHE.test(PACKAGE_ROOT) ? `https://unpkg.com/ralph-hooks@${packageVersion()}/docs/${page}` : path;
}

/** Where npx, pnpm dlx, yarn dlx and bunx unpack a package they run once. */
const ONE_OFF_CACHE = /[\\/](_npx|dlx[^\\/]*|xfs-[^\\/]+|bunx-[^\\/]+)[\\/]/;
