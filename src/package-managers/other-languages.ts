/**
 * A repository that is not JavaScript: no package.json at its root, and the file another
 * language's tools keep there. init then adds nothing Node-shaped (no package.json, no
 * node_modules): the hooks, their cases and bats tests, run through a one-off npx.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';

const MARKERS: { file: string; language: string }[] = [
  { file: 'pyproject.toml', language: 'Python' },
  { file: 'setup.py', language: 'Python' },
  { file: 'requirements.txt', language: 'Python' },
  { file: 'go.mod', language: 'Go' },
  { file: 'Cargo.toml', language: 'Rust' },
  { file: 'Gemfile', language: 'Ruby' },
  { file: 'pom.xml', language: 'Java' },
  { file: 'build.gradle', language: 'Java' },
  { file: 'build.gradle.kts', language: 'Kotlin' },
  { file: 'composer.json', language: 'PHP' },
  { file: 'mix.exs', language: 'Elixir' },
  { file: 'Package.swift', language: 'Swift' },
  { file: 'CMakeLists.txt', language: 'C/C++' },
];

/** The other language this repository is in, by the file that says so; undefined for a JavaScript project (or an empty one). */
export function otherLanguageOf(root: string): { language: string; marker: string } | undefined {
  if (existsSync(join(root, 'package.json'))) return undefined;
  const found = MARKERS.find(({ file }) => existsSync(join(root, file)));
  return found && { language: found.language, marker: found.file };
}
