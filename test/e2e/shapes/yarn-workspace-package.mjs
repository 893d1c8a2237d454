// @ts-check
/**
 * A yarn 4 workspace with the node-modules linker, set up from one of its packages: its user runs
 * `cd packages/calendar && yarn create ralph-hooks --yes`, which writes to the root (the git
 * root), and then every command init prints, there in the package. ralph-hooks is a
 * devDependency of the root, and plain `yarn ralph-hooks …` looks in the current workspace only:
 * the printed commands must reach the root's (`yarn run -T …`). Read by lifecycle.mjs (type
 * Shape there).
 */

/** @type {import('./lifecycle.mjs').Shape} */
export const shape = {
  pm: "yarn",
  from: "packages/calendar",
  init: "yarn create ralph-hooks --yes --guard none",
  ralph: "yarn run -T ralph-hooks",
  format: "yarn format",
  test: "yarn test",
  setup: `yarn install
test -d node_modules/vitest # the node-modules linker`,
  files: {
    "package.json": `{
  "name": "acme-calendar-monorepo",
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
    ".yarnrc.yml": `nodeLinker: node-modules
`,
    ".gitignore": `.yarn/*
!.yarn/patches
!.yarn/plugins
!.yarn/releases
!.yarn/sdks
!.yarn/versions
node_modules
`,
    ".prettierignore": `.yarn
`,
    "packages/calendar/package.json": `{
  "name": "@acme/calendar",
  "version": "1.0.0",
  "type": "module",
  "main": "src/index.js"
}
`,
    "packages/calendar/src/index.js": `export const daysIn = (year, month) => new Date(year, month, 0).getDate();
`,
    "packages/calendar/src/index.test.js": `import { expect, it } from "vitest";
import { daysIn } from "./index.js";

it("knows February", () => {
  expect(daysIn(2024, 2)).toBe(29);
});
`,
  },
};
