// In create-ralph-hooks' bundle, in the place of dist/src/util/package-info.js: the package's
// files are not on disk but in the bundle (./fs.js serves them under PACKAGE_ROOT), and docs
// pages are the published ones.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { VERSION } from 'ralph-hooks:files';

/** A folder that does not exist: ./fs.js answers for the files under it. */
export const PACKAGE_ROOT = join(dirname(fileURLToPath(import.meta.url)), `ralph-hooks@${VERSION}`);

export function packageVersion() {
  return VERSION;
}

export const TEMPLATES_DIR = join(PACKAGE_ROOT, 'templates');

/** One of our docs pages: the published copy of this version (nothing of ralph-hooks is installed yet). */
export function docsPage(page) {
  return `https://unpkg.com/ralph-hooks@${VERSION}/docs/${page}`;
}
