# shellcheck shell=bash
# A pnpm workspace: apps/* and packages/*, a `workspace:` dependency, its own vitest config
# (include: packages/**/*.spec.ts, apps/**/*.spec.ts), prettier, and git hooks from
# simple-git-hooks installed by the root's prepare script (pre-commit: pnpm test).
# Read by lifecycle.sh: see there for what each variable means.
# shellcheck disable=SC2034

SHAPE_PM=pnpm
SHAPE_INIT='pnpm create ralph-hooks --yes'
SHAPE_RALPH='pnpm exec ralph-hooks'
SHAPE_FORMAT='pnpm run format'
SHAPE_TEST='pnpm test'

shape_setup() {
  pnpm install
  test -x .git/hooks/pre-commit # simple-git-hooks, from the prepare script
}

shape_files() {
  mkdir -p packages/core/src apps/web/src
  cat >package.json <<'EOF'
{
  "name": "acme-monorepo",
  "private": true,
  "type": "module",
  "packageManager": "pnpm@10.34.9",
  "scripts": {
    "prepare": "simple-git-hooks",
    "test": "vitest run",
    "format": "prettier --write ."
  },
  "devDependencies": {
    "prettier": "3.10.1",
    "simple-git-hooks": "2.14.0",
    "typescript": "~5.9.3",
    "vitest": "^4.1.12"
  },
  "simple-git-hooks": {
    "pre-commit": "pnpm test"
  }
}
EOF
  cat >pnpm-workspace.yaml <<'EOF'
packages:
  - apps/*
  - packages/*
onlyBuiltDependencies:
  - simple-git-hooks
EOF
  cat >vitest.config.ts <<'EOF'
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["packages/**/*.spec.ts", "apps/**/*.spec.ts"],
  },
});
EOF
  cat >tsconfig.json <<'EOF'
{
  "compilerOptions": {
    "target": "ES2022",
    "module": "NodeNext",
    "moduleResolution": "NodeNext",
    "strict": true,
    "noEmit": true,
    "allowImportingTsExtensions": true
  }
}
EOF
  cat >.gitignore <<'EOF'
node_modules
dist
coverage
*.log
.DS_Store
EOF
  cat >.prettierignore <<'EOF'
pnpm-lock.yaml
EOF
  cat >packages/core/package.json <<'EOF'
{
  "name": "@acme/core",
  "version": "1.0.0",
  "private": true,
  "type": "module",
  "exports": "./src/index.ts"
}
EOF
  cat >packages/core/src/index.ts <<'EOF'
export function add(a: number, b: number): number {
  return a + b;
}
EOF
  cat >packages/core/src/index.spec.ts <<'EOF'
import { expect, it } from "vitest";
import { add } from "./index.ts";

it("adds", () => {
  expect(add(1, 2)).toBe(3);
});
EOF
  cat >apps/web/package.json <<'EOF'
{
  "name": "@acme/web",
  "version": "1.0.0",
  "private": true,
  "type": "module",
  "dependencies": {
    "@acme/core": "workspace:*"
  }
}
EOF
  cat >apps/web/src/main.ts <<'EOF'
import { add } from "@acme/core";

export const answer = add(40, 2);
EOF
  cat >apps/web/src/main.spec.ts <<'EOF'
import { expect, it } from "vitest";
import { answer } from "./main.ts";

it("uses the workspace package", () => {
  expect(answer).toBe(42);
});
EOF
}
