# shellcheck shell=bash
# A yarn 4 (berry) workspace as `yarn init` starts one: Plug'n'Play (no node_modules, yarn's
# default nodeLinker), its .gitignore and .gitattributes, a workspace package, vitest and
# prettier (with a config of its own). Read by lifecycle.sh: see there for what each variable means.
# shellcheck disable=SC2034

SHAPE_PM=yarn
SHAPE_INIT='yarn create ralph-hooks --yes'
SHAPE_RALPH='yarn ralph-hooks'
SHAPE_FORMAT='yarn format'
SHAPE_TEST='yarn test'

shape_setup() {
  yarn install
  test -f .pnp.cjs && test ! -e node_modules/.bin # Plug'n'Play: no node_modules tree
}

shape_files() {
  mkdir -p packages/greet/src
  # What `yarn init` writes (yarn 4.18), plus the workspace and its tools.
  cat >package.json <<'EOF'
{
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
EOF
  cat >.gitignore <<'EOF'
.yarn/*
!.yarn/patches
!.yarn/plugins
!.yarn/releases
!.yarn/sdks
!.yarn/versions

# Whether you use PnP or not, the node_modules folder is often used to store
# build artifacts that should be gitignored
node_modules

# Swap the comments on the following lines if you wish to use zero-installs
# In that case, don't forget to run `yarn config set enableGlobalCache false`!
# Documentation here: https://yarnpkg.com/features/caching#zero-installs

#!.yarn/cache
.pnp.*
EOF
  cat >.gitattributes <<'EOF'
/.yarn/**            linguist-vendored
/.yarn/releases/*    binary
/.yarn/plugins/**/*  binary
/.pnp.*              binary linguist-generated
EOF
  cat >.editorconfig <<'EOF'
root = true

[*]
charset = utf-8
end_of_line = lf
indent_size = 2
indent_style = space
insert_final_newline = true
EOF
  cat >.prettierrc.json <<'EOF'
{
  "singleQuote": true,
  "printWidth": 100
}
EOF
  cat >packages/greet/package.json <<'EOF'
{
  "name": "@acme/greet",
  "version": "1.0.0",
  "type": "module",
  "main": "src/index.js"
}
EOF
  cat >packages/greet/src/index.js <<'EOF'
export const greet = (name) => `hello ${name}`;
EOF
  cat >packages/greet/src/index.test.js <<'EOF'
import { expect, it } from 'vitest';
import { greet } from './index.js';

it('greets', () => {
  expect(greet('yarn')).toBe('hello yarn');
});
EOF
}
