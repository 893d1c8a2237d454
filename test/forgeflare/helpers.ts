/**
 * Fixtures for the forgeflare simulator tests: a temp project with small hook scripts and
 * a hooks.toml listing them in order.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tomlString } from '../../src/registration/forgeflare-toml.js';
import { tempDir } from '../helpers/temp.js';

export interface Entry {
  event: 'PreToolUse' | 'PostToolUse' | 'Stop';
  /** A script name from `scripts`, run as `bash hooks/<name>.sh`. */
  script: string;
  phase?: 'guard' | 'observe';
  match_tool?: string;
  timeout_ms?: number;
}

/** Canned hook bodies (bash). Each reads stdin first, as every hook should. */
export const BODIES = {
  allow: `cat >/dev/null; echo '{"action":"allow"}'`,
  block: `cat >/dev/null; echo '{"action":"block","reason":"destructive command detected"}'`,
  blockBash: `input=$(cat); if [[ $input == *'"tool":"Bash"'* ]]; then echo '{"action":"block","reason":"no Bash"}'; else echo '{"action":"allow"}'; fi`,
  blockRm: `input=$(cat); if [[ $input == *'"command":"rm'* ]]; then echo '{"action":"block","reason":"no rm"}'; else echo '{"action":"allow"}'; fi`,
  slow: `cat >/dev/null; sleep 5; echo '{"action":"allow"}'`,
  crash: `cat >/dev/null; exit 42`,
  badJson: `cat >/dev/null; echo 'not json'`,
  empty: `cat >/dev/null`,
  record: `cat >> "$(dirname "$0")/$(basename "$0" .sh).log"; echo >> "$(dirname "$0")/$(basename "$0" .sh).log"; echo '{}'`,
  continue: `cat >/dev/null; echo '{"action":"continue"}'`,
  signal: `cat >/dev/null; echo '{"action":"signal","signal":"clean_test","reason":"3 consecutive clean test runs"}'`,
  signal2: `cat >/dev/null; echo '{"action":"signal","signal":"lint_clean","reason":"clippy is clean"}'`,
  stderr: `cat >/dev/null; echo 'debug line from hook' >&2; echo '{"action":"allow"}'`,
  stopSignal: `cat >/dev/null; echo '{"action":"signal"}'`,
} as const;

export interface Fixture {
  root: string;
  /** Lines logged by a `record`-style script: one JSON input per line. */
  recorded(script: string): Record<string, unknown>[];
}

export function fixture(scripts: Record<string, string>, entries: Entry[]): Fixture {
  const root = tempDir('rh-forgeflare-');
  mkdirSync(join(root, 'hooks'));
  for (const [name, body] of Object.entries(scripts)) writeFileSync(join(root, 'hooks', `${name}.sh`), `#!/usr/bin/env bash\n${body}\n`);
  const toml = entries.map((e) => {
    const lines = [`event = ${tomlString(e.event)}`];
    if (e.phase) lines.push(`phase = ${tomlString(e.phase)}`);
    if (e.match_tool) lines.push(`match_tool = ${tomlString(e.match_tool)}`);
    lines.push(`command = ${tomlString(`bash hooks/${e.script}.sh`)}`);
    if (e.timeout_ms !== undefined) lines.push(`timeout_ms = ${e.timeout_ms}`);
    return `[[hooks]]\n${lines.join('\n')}\n`;
  }).join('\n');
  if (entries.length > 0) {
    mkdirSync(join(root, '.forgeflare'), { recursive: true });
    writeFileSync(join(root, '.forgeflare', 'hooks.toml'), toml);
  }
  return {
    root,
    recorded(script) {
      try {
        return readLines(join(root, 'hooks', `${script}.log`));
      } catch {
        return [];
      }
    },
  };
}

function readLines(path: string): Record<string, unknown>[] {
  return readFileSync(path, 'utf8').split('\n').filter((l) => l.trim() !== '').map((l) => JSON.parse(l) as Record<string, unknown>);
}

export const bash = (command: string) => ({ tool: 'Bash', input: { command }, result: `ran ${command}` });
export const read = (file: string) => ({ tool: 'Read', input: { file_path: file }, result: `contents of ${file}` });
