// @ts-check
/**
 * A pnpm workspace: apps/* and packages/*, a `workspace:` dependency, its own vitest config
 * (include: the .spec.ts files under packages/ and apps/), prettier, and git hooks from
 * simple-git-hooks installed by the root's prepare script (pre-commit: pnpm test).
 * Read by lifecycle.mjs (type Shape there).
 */

/** @type {import('./lifecycle.mjs').Shape} */
export const shape = {
  pm: "pnpm",
  init: "pnpm create ralph-hooks --yes --guard none",
  ralph: "pnpm exec ralph-hooks",
  format: "pnpm run format",
  test: "pnpm test",
  setup: `pnpm install
test -x .git/hooks/pre-commit # simple-git-hooks, from the prepare script`,
  files: {
    "package.json": `{
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
`,
    "pnpm-workspace.yaml": `packages:
  - apps/*
  - packages/*
onlyBuiltDependencies:
  - simple-git-hooks
`,
    "vitest.config.ts": `import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["packages/**/*.spec.ts", "apps/**/*.spec.ts"],
  },
});
`,
    "tsconfig.json": `{
  "compilerOptions": {
    "target": "ES2022",
    "module": "NodeNext",
    "moduleResolution": "NodeNext",
    "strict": true,
    "noEmit": true,
    "allowImportingTsExtensions": true
  }
}
`,
    ".gitignore": `node_modules
dist
coverage
*.log
.DS_Store
`,
    ".prettierignore": `pnpm-lock.yaml
`,
    "packages/core/package.json": `{
  "name": "@acme/core",
  "version": "1.0.0",
  "private": true,
  "type": "module",
  "exports": "./src/index.ts"
}
`,
    "packages/core/src/index.ts": `export function add(a: number, b: number): number {
  return a + b;
}
`,
    "packages/core/src/index.spec.ts": `import { expect, it } from "vitest";
import { add } from "./index.ts";

it("adds", () => {
  expect(add(1, 2)).toBe(3);
});
`,
    "apps/web/package.json": `{
  "name": "@acme/web",
  "version": "1.0.0",
  "private": true,
  "type": "module",
  "dependencies": {
    "@acme/core": "workspace:*"
  }
}
`,
    "apps/web/src/main.ts": `import { add } from "@acme/core";

export const answer = add(40, 2);
`,
    "apps/web/src/main.spec.ts": `import { expect, it } from "vitest";
import { answer } from "./main.ts";

it("uses the workspace package", () => {
  expect(answer).toBe(42);
});
`,
  },
};
