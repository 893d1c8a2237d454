// @ts-check
/**
 * A bun project as `bun init` and `biome init` start one (bun 1.4, biome 2.6: tabs), with bun's
 * own test runner. Read by lifecycle.mjs (type Shape there).
 */

/** @type {import('./lifecycle.mjs').Shape} */
export const shape = {
  pm: "bun",
  // bun prunes nothing when bun.lock is already as package.json wants it: uninstall's last line says what does.
  sameNodeModules: true,
  init: "bun create ralph-hooks --yes --guard none",
  ralph: "bunx ralph-hooks",
  format: "bun run format",
  test: "bun test",
  setup: `bun install
test -f bun.lock`,
  files: {
    "package.json": `{
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
`,
    ".gitignore": `# dependencies (bun install)
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
`,
    "biome.json": `{
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
`,
    "tsconfig.json": `{
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
`,
    "src/index.ts": `export function sum(values: number[]): number {
	return values.reduce((total, value) => total + value, 0);
}
`,
    "src/index.test.ts": `import { expect, test } from "bun:test";
import { sum } from "./index";

test("sum", () => {
	expect(sum([1, 2, 3])).toBe(6);
});
`,
  },
};
