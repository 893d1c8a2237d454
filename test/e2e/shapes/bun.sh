# shellcheck shell=bash
# A bun project as `bun init` and `biome init` start one (bun 1.4, biome 2.6: tabs), with bun's
# own test runner. Read by lifecycle.sh: see there for what each variable means.
# shellcheck disable=SC2034

SHAPE_PM=bun
SHAPE_INIT='bun create ralph-hooks --yes'
SHAPE_RALPH='bunx ralph-hooks'
SHAPE_FORMAT='bun run format'
SHAPE_TEST='bun test'

shape_setup() {
  bun install
  test -f bun.lock
}

shape_files() {
  mkdir -p src
  cat >package.json <<'EOF'
{
	"name": "acme-bun",
	"module": "src/index.ts",
	"type": "module",
	"private": true,
	"scripts": {
		"test": "bun test",
		"format": "biome format --write ."
	},
	"devDependencies": {
		"@biomejs/biome": "2.6.8",
		"@types/bun": "1.4.5"
	}
}
EOF
  # bun init's .gitignore (bun 1.4.5).
  cat >.gitignore <<'EOF'
# dependencies (bun install)
node_modules

# output
out
dist
*.tgz

# code coverage
coverage
*.lcov

# logs
logs
_.log
report.[0-9]_.[0-9]_.[0-9]_.[0-9]_.json

# dotenv environment variable files
.env
.env.development.local
.env.test.local
.env.production.local
.env.local

# caches
.eslintcache
.cache
*.tsbuildinfo

# IntelliJ based IDEs
.idea

# Finder (MacOS) folder config
.DS_Store
EOF
  # biome init's biome.json (biome 2.6.8, in a git repository).
  cat >biome.json <<'EOF'
{
	"$schema": "https://biomejs.dev/schemas/2.6.8/schema.json",
	"vcs": {
		"enabled": true,
		"clientKind": "git",
		"useIgnoreFile": true
	},
	"files": {
		"ignoreUnknown": false
	},
	"formatter": {
		"enabled": true,
		"indentStyle": "tab"
	},
	"linter": {
		"enabled": true,
		"rules": {
			"preset": "recommended"
		}
	},
	"javascript": {
		"formatter": {
			"quoteStyle": "double"
		}
	},
	"assist": {
		"enabled": true,
		"actions": {
			"source": {
				"organizeImports": "on"
			}
		}
	}
}
EOF
  cat >tsconfig.json <<'EOF'
{
	"compilerOptions": {
		"lib": ["ESNext"],
		"target": "ESNext",
		"module": "Preserve",
		"moduleDetection": "force",
		"allowJs": true,
		"types": ["bun"],
		"moduleResolution": "bundler",
		"allowImportingTsExtensions": true,
		"verbatimModuleSyntax": true,
		"noEmit": true,
		"strict": true,
		"skipLibCheck": true
	}
}
EOF
  cat >src/index.ts <<'EOF'
export function sum(values: number[]): number {
	return values.reduce((total, value) => total + value, 0);
}
EOF
  cat >src/index.test.ts <<'EOF'
import { expect, test } from "bun:test";
import { sum } from "./index";

test("sum", () => {
	expect(sum([1, 2, 3])).toBe(6);
});
EOF
}
