// @ts-check
/**
 * An npm repository with prettier, lint-staged and husky (its pre-commit hook formats what is
 * committed), node's test runner, and Claude Code hooks of its own in .claude/settings.json (a
 * PreToolUse guard script and a PostToolUse formatter) that ralph-hooks must merge beside and
 * leave as they were. Read by lifecycle.mjs (type Shape there).
 */

/** @type {import('./lifecycle.mjs').Shape} */
export const shape = {
  pm: "npm",
  init: "npm init ralph-hooks -- --yes --guard none",
  ralph: "npx ralph-hooks",
  format: "npm run format",
  test: "npm test",
  setup: `npm install
test -f package-lock.json
test "$(git config core.hooksPath)" = .husky/_ # husky, from the prepare script`,
  files: {
    "package.json": `{
  "name": "acme-web",
  "version": "1.0.0",
  "private": true,
  "type": "module",
  "scripts": {
    "prepare": "husky",
    "test": "node --test",
    "format": "prettier --write ."
  },
  "devDependencies": {
    "husky": "9.1.7",
    "lint-staged": "16.3.4",
    "prettier": "3.10.1"
  },
  "lint-staged": {
    "*": "prettier --ignore-unknown --write"
  }
}
`,
    ".gitignore": `node_modules/
coverage/
dist/
.env
*.log
`,
    ".claude/settings.json": `{
  "permissions": {
    "allow": ["Bash(npm test)", "Bash(npm run format)"]
  },
  "hooks": {
    "PreToolUse": [
      {
        "matcher": "Bash",
        "hooks": [
          {
            "type": "command",
            "command": "\\"$CLAUDE_PROJECT_DIR\\"/.claude/hooks/no-force-push.sh"
          }
        ]
      }
    ],
    "PostToolUse": [
      {
        "matcher": "Edit|MultiEdit|Write",
        "hooks": [
          {
            "type": "command",
            "command": "jq -r '.tool_input.file_path' | xargs npx prettier --ignore-unknown --write"
          }
        ]
      }
    ]
  }
}
`,
    ".husky/pre-commit": `npx lint-staged\n`,
    ".claude/hooks/no-force-push.sh": { executable: true, text: `#!/usr/bin/env bash
# Refuse a force push: exit 2 tells Claude Code to block the command and show the reason.
command="$(jq -r '.tool_input.command // ""')"
if [[ "$command" =~ git[[:space:]]+push.*(--force|[[:space:]]-f([[:space:]]|$)) ]]; then
  echo "force pushes are not allowed here" >&2
  exit 2
fi
exit 0
` },
    "src/slug.js": `export function slug(title) {
  return title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}
`,
    "test/slug.test.js": `import assert from "node:assert/strict";
import { test } from "node:test";
import { slug } from "../src/slug.js";

test("slug", () => {
  assert.equal(slug("Hello, World!"), "hello-world");
});
`,
  },
};
