// @ts-check
/**
 * A yarn 4 (berry) workspace as `yarn init` starts one: Plug'n'Play (no node_modules, yarn's
 * default nodeLinker), its .gitignore and .gitattributes, a workspace package, vitest and
 * prettier (with a config of its own). Read by lifecycle.mjs (type Shape there).
 */

/** @type {import('./lifecycle.mjs').Shape} */
export const shape = {
  pm: "yarn",
  init: "yarn create ralph-hooks --yes --guard none",
  ralph: "yarn ralph-hooks",
  format: "yarn format",
  test: "yarn test",
  setup: `yarn install
test -f .pnp.cjs && test ! -e node_modules/.bin # Plug'n'Play: no node_modules tree`,
  files: {
    "package.json": `{
  "name": "acme-yarn",
  "private": true,
  "type": "module",
  "packageManager": "yarn@4.18.1",
  "workspaces": ["packages/*"],
  "scripts": {
    "test": "vitest run",
    "format": "prettier --write ."
  },
  "devDependencies": {
    "prettier": "3.10.1",
    "vitest": "^4.1.12"
  }
}
`,
    ".gitignore": `.yarn/*
!.yarn/patches
!.yarn/plugins
!.yarn/releases
!.yarn/sdks
!.yarn/versions

# Whether you use PnP or not, the node_modules folder is often used to store
# build artifacts that should be gitignored
node_modules

# Swap the comments on the following lines if you wish to use zero-installs
# In that case, don't forget to run \`yarn config set enableGlobalCache false\`!
# Documentation here: https://yarnpkg.com/features/caching#zero-installs

#!.yarn/cache
.pnp.*
`,
    ".gitattributes": `/.yarn/**            linguist-vendored
/.yarn/releases/*    binary
/.yarn/plugins/**/*  binary
/.pnp.*              binary linguist-generated
`,
    ".editorconfig": `root = true

[*]
charset = utf-8
end_of_line = lf
indent_size = 2
indent_style = space
insert_final_newline = true
`,
    ".prettierrc.json": `{
  "singleQuote": true,
  "printWidth": 100
}
`,
    "packages/greet/package.json": `{
  "name": "@acme/greet",
  "version": "1.0.0",
  "type": "module",
  "main": "src/index.js"
}
`,
    "packages/greet/src/index.js": `export const greet = (name) => \`hello \${name}\`;
`,
    "packages/greet/src/index.test.js": `import { expect, it } from 'vitest';
import { greet } from './index.js';

it('greets', () => {
  expect(greet('yarn')).toBe('hello yarn');
});
`,
  },
};
