# shellcheck shell=bash
# An npm repository with prettier, lint-staged and husky (its pre-commit hook formats what is
# committed), node's test runner, and Claude Code hooks of its own in .claude/settings.json (a
# PreToolUse guard script and a PostToolUse formatter) that ralph-hooks must merge beside and
# leave as they were. Read by lifecycle.sh: see there for what each variable means.
# shellcheck disable=SC2034

SHAPE_PM=npm
SHAPE_INIT='npm init ralph-hooks -- --yes'
SHAPE_RALPH='npx ralph-hooks'
SHAPE_FORMAT='npm run format'
SHAPE_TEST='npm test'

shape_setup() {
  npm install
  test -f package-lock.json
  test "$(git config core.hooksPath)" = .husky/_ # husky, from the prepare script
}

shape_files() {
  mkdir -p src test .husky .claude/hooks
  cat >package.json <<'EOF'
{
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
EOF
  printf 'npx lint-staged\n' >.husky/pre-commit
  cat >.gitignore <<'EOF'
node_modules/
coverage/
dist/
.env
*.log
EOF
  cat >.claude/settings.json <<'EOF'
{
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
            "command": "\"$CLAUDE_PROJECT_DIR\"/.claude/hooks/no-force-push.sh"
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
EOF
  cat >.claude/hooks/no-force-push.sh <<'EOF'
#!/usr/bin/env bash
# Refuse a force push: exit 2 tells Claude Code to block the command and show the reason.
command="$(jq -r '.tool_input.command // ""')"
if [[ "$command" =~ git[[:space:]]+push.*(--force|[[:space:]]-f([[:space:]]|$)) ]]; then
  echo "force pushes are not allowed here" >&2
  exit 2
fi
exit 0
EOF
  chmod +x .claude/hooks/no-force-push.sh
  cat >src/slug.js <<'EOF'
export function slug(title) {
  return title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}
EOF
  cat >test/slug.test.js <<'EOF'
import assert from "node:assert/strict";
import { test } from "node:test";
import { slug } from "../src/slug.js";

test("slug", () => {
  assert.equal(slug("Hello, World!"), "hello-world");
});
EOF
}
