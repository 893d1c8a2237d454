/**
 * Injected commands through the places a value reaches a script that the input fuzzing
 * does not cover: every free-text config value of every preset (rendered into the script),
 * and the slash-command arguments of the loop's setup script (then read back by the stop
 * hook from the state file it wrote), also through the /ralph-loop command file's shell block
 * with prompts whose lines are here-document end words. A canary file must never appear.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { applyPlan, diskWriter } from '../../src/generate/apply.js';
import { validateConfig } from '../../src/config/load.js';
import { planGeneration } from '../../src/generate/plan.js';
import { canaryCommands, makeSandbox, PRESETS, runScript } from './harness.js';

const sandbox = makeSandbox('rh-inject-');
afterAll(() => rmSync(sandbox.dir, { recursive: true, force: true }));
const KIND: Record<string, string> = { specum: 'stop-watcher', speckit: 'stop-watcher', passive: 'stop-watcher', loop: 'stop-watcher', guard: 'guard', convergence: 'convergence', 'session-end': 'session-end', 'audit-log': 'audit-log' };
// A few shapes are enough here: each config value gets every one.
const VALUES = canaryCommands(sandbox.canary).filter((_, i) => [0, 1, 3, 5, 9].includes(i));

/**
 * A run that generated nothing, or whose canaries could not fire, would pass with no check
 * made: each test counts what it ran, and here the canaries are shown to fire when run as
 * code, so a missing canary file means the script did not run them.
 */
describe('fuzz: the injection checks can fail', () => {
  it('the canaries leave their file when a shell runs them as code', () => {
    expect(VALUES).toHaveLength(5);
    for (const value of VALUES.slice(0, 3)) {
      rmSync(sandbox.canary, { force: true });
      // Pasted into a command line unquoted, in double quotes, in single quotes: what an unsafe script does.
      spawnSync('bash', ['-c', `echo ${value}; echo "${value}"; echo '${value}'`], { cwd: sandbox.dir, encoding: 'utf8' });
      expect(existsSync(sandbox.canary), value).toBe(true);
    }
    rmSync(sandbox.canary, { force: true });
  });
});

/** Paths of every string (or string-array item) in a preset's default options. */
function stringLeaves(value: unknown, path: (string | number)[] = []): (string | number)[][] {
  if (typeof value === 'string') return [path];
  if (Array.isArray(value)) return value.length > 0 ? stringLeaves(value[0], [...path, 0]) : [];
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => stringLeaves(v, [...path, k]));
  return [];
}

function withValue(options: unknown, path: (string | number)[], value: string): unknown {
  const copy = structuredClone(options) as Record<string | number, unknown>;
  let node = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  node[path.at(-1)!] = value;
  return copy;
}

describe('fuzz: injected commands in config values and slash-command arguments never run', () => {
  for (const spec of PRESETS.filter((p) => p.targets.includes('claude-project'))) {
    const label = `${spec.preset}${spec.options?.runtime ? `-${String(spec.options.runtime)}` : ''}`;
    it(`${label}: every free-text config value`, async () => {
      rmSync(sandbox.canary, { force: true });
      const kind = KIND[spec.preset]!;
      const name = spec.name ?? kind;
      const defaults = validateConfig({ hooks: [{ kind, preset: spec.preset, name, options: spec.options ?? {} }] } as never).hooks[0]!.options;
      // Optional string options have no default to find: name them here.
      const optional = spec.preset === 'loop' ? [['stateFile']] : [];
      const leaves = [...stringLeaves(defaults).filter((p) => p.join('.') !== 'runtime'), ...optional];
      let generated = 0;
      let rejected = 0;
      for (const leaf of leaves) {
        for (const value of VALUES) {
          const options = withValue(defaults, leaf, value);
          let config;
          try {
            config = validateConfig({ hooks: [{ kind, preset: spec.preset, name, options }] } as never);
          } catch {
            rejected++; // a config error: nothing is generated, nothing can run
            continue;
          }
          const root = join(sandbox.dir, `${label}-${generated++}`);
          mkdirSync(root, { recursive: true });
          applyPlan(planGeneration(root, config), diskWriter(root));
          for (const [file, text] of Object.entries(spec.setup ?? {})) {
            mkdirSync(join(root, file, '..'), { recursive: true });
            writeFileSync(join(root, file), text);
          }
          const script = join(root, '.claude/hooks', `${name}.${spec.options?.runtime === 'node' ? 'mjs' : 'sh'}`);
          const input = { session_id: 's', cwd: root, hook_event_name: spec.event, tool_name: 'Bash', tool_input: { command: 'ls' }, tool_response: { stdout: 'x' }, stop_hook_active: false, last_assistant_message: 'hi', transcript_path: join(root, 't.jsonl') };
          await runScript(root, script, Buffer.from(JSON.stringify(input)), { PATH: process.env.PATH, HOME: sandbox.home, CLAUDE_PROJECT_DIR: root }, 60_000);
          expect(existsSync(sandbox.canary), `${label}: options.${leaf.join('.')} = ${JSON.stringify(value)} ran`).toBe(false);
          rmSync(root, { recursive: true, force: true });
        }
      }
      console.log(`injection ${label}: ${leaves.length} config values × ${VALUES.length} canaries: ${generated} generated and run, ${rejected} rejected as config errors`);
      // Something was tried: a preset without free-text values, or one that rejects every value, checks nothing.
      expect(leaves.length, `${label}: no free-text config value found`).toBeGreaterThan(0);
      expect(generated, `${label}: every value was rejected; no script was generated and run`).toBeGreaterThan(0);
      expect(generated + rejected).toBe(leaves.length * VALUES.length);
    }, 600_000);
  }

  for (const runtime of ['bash', 'node'] as const) {
    it(`loop (${runtime}): slash-command arguments, then the stop hook reading what setup wrote`, async () => {
      rmSync(sandbox.canary, { force: true });
      const root = join(sandbox.dir, `loop-args-${runtime}`);
      mkdirSync(root, { recursive: true });
      applyPlan(planGeneration(root, validateConfig({ hooks: [{ kind: 'stop-watcher', preset: 'loop', options: { runtime } }] } as never)), diskWriter(root));
      const ext = runtime === 'node' ? 'mjs' : 'sh';
      const run = runtime === 'node' ? 'node' : 'bash';
      let runs = 0;
      for (const value of canaryCommands(sandbox.canary)) {
        for (const args of [[value], ['--completion-promise', value, 'task'], ['--max-iterations', value, 'task'], ['task', value]]) {
          spawnSync(run, [join(root, `.claude/hooks/stop-watcher-setup.${ext}`), ...args], { cwd: root, env: { PATH: process.env.PATH, HOME: sandbox.home, CLAUDE_PROJECT_DIR: root }, encoding: 'utf8', timeout: 60_000 });
          const stop = { session_id: 's', cwd: root, hook_event_name: 'Stop', stop_hook_active: false, last_assistant_message: value, transcript_path: join(root, 't.jsonl') };
          await runScript(root, join(root, `.claude/hooks/stop-watcher.${ext}`), Buffer.from(JSON.stringify(stop)), { PATH: process.env.PATH, HOME: sandbox.home, CLAUDE_PROJECT_DIR: root }, 60_000);
          expect(existsSync(sandbox.canary), `${runtime}: setup ${JSON.stringify(args)} ran`).toBe(false);
          runs++;
        }
      }
      expect(runs).toBe(canaryCommands(sandbox.canary).length * 4);
    }, 600_000);
  }

  /**
   * What Claude Code (2.1) does with a command file's ```! block: it fills $ARGUMENTS in with
   * a backslash before every "!" at the start of a line or after a space (and splits "`!" and
   * "!`"), then takes the block's text up to the first ``` (the arguments' own included),
   * trims it and runs it in bash.
   */
  const escapeArguments = (args: string) => args.replace(/`!/g, '` !').replace(/!`/g, '! `').replace(/(^|\s)!/gm, '$1\\!');
  const shellBlock = (command: string, args: string) =>
    /```!\s*\n?([\s\S]*?)\n?```/.exec(command.replaceAll('$ARGUMENTS', () => escapeArguments(args)))![1]!.trim().replaceAll('\r\n', '\n');

  for (const runtime of ['bash', 'node'] as const) {
    it(`loop (${runtime}): /ralph-loop's shell block with here-document end words and fences in the prompt`, () => {
      rmSync(sandbox.canary, { force: true });
      const root = join(sandbox.dir, `loop-heredoc-${runtime}`);
      mkdirSync(root, { recursive: true });
      applyPlan(planGeneration(root, validateConfig({ hooks: [{ kind: 'stop-watcher', preset: 'loop', options: { runtime } }] } as never)), diskWriter(root));
      const command = readFileSync(join(root, '.claude/commands/ralph-loop.md'), 'utf8');
      const endWord = /<<'([^']+)'/.exec(command)![1]!;
      const mark = /\$ARGUMENTS\n(.*)\n/.exec(command)![1]!;
      // The block's own end word and mark, them without their "!", earlier and common ones, with near misses.
      const words = [endWord, endWord.replace(/^!/, ''), '\\' + endWord, mark, mark.replace(/^!/, ''), 'RALPH_LOOP_ARGUMENTS_END', 'EOF', 'END', 'EOT', 'ARGUMENTS', '!', '!EOF'];
      const fences = ['```', '```sh', 'see ```x```'];
      const lines = [...new Set(words.flatMap((word) => [word, `${word} `, `\t${word}`, `${word}\r`])), ...fences];
      const stateFile = join(root, runtime === 'node' ? '.claude/ralph-loop.local.json' : '.claude/ralph-loop.local.md');
      let prompts = 0;
      let whole = 0;
      let refused = 0;
      // Each line in each of three places, with a canary taken in turn: every line meets every
      // place and every canary meets every place (3 and 5 share no factor), in a fifth of the
      // runs of every line × place × canary (the Node setup costs ~0.1 s of CPU a run).
      const places = [
        (line: string, value: string) => `task\n${line}\n${value}`,
        (line: string, value: string) => `${line}\n${value}\n${line}\n${value} tail`,
        (line: string, value: string) => `task ${value}\n${line}`,
      ];
      for (const [i, line] of lines.entries()) {
        for (const [p, place] of places.entries()) {
          const prompt = place(line, VALUES[(places.length * i + p) % VALUES.length]!);
          prompts++;
          rmSync(stateFile, { force: true });
          const args = `${prompt} --max-iterations 3`;
          const run = spawnSync('bash', ['-c', shellBlock(command, args)], { cwd: root, env: { PATH: process.env.PATH, HOME: sandbox.home, CLAUDE_PROJECT_DIR: root }, encoding: 'utf8', timeout: 60_000 });
          expect(existsSync(sandbox.canary), `${runtime}: /ralph-loop ${JSON.stringify(args)} ran`).toBe(false);
          // The whole text reached the script (the prompt as filled in, and the option after it),
          // or, cut short at a ``` of its own, the script refused it and wrote nothing.
          const expected = escapeArguments(prompt).replaceAll('\r\n', '\n').trim();
          const state = existsSync(stateFile) ? readFileSync(stateFile, 'utf8') : '';
          const stored = runtime === 'node' ? (state ? JSON.parse(state) : {}) : { prompt: state.split('\n---\n\n')[1]?.replace(/\n$/, ''), maxIterations: Number(/^max_iterations: (\d+)$/m.exec(state)?.[1]) };
          if (stored.prompt === expected && stored.maxIterations === 3) whole++;
          else if (prompt.includes('```') && state === '' && run.status !== 0 && run.stderr.includes('cut short')) refused++;
          else expect.fail(`${runtime}: /ralph-loop ${JSON.stringify(args)}: stored ${JSON.stringify(stored)}, stderr ${run.stderr}`);
        }
      }
      console.log(`injection loop (${runtime}) /ralph-loop shell block: ${lines.length} end-word and fence lines × ${places.length} places, ${VALUES.length} canaries in turn: ${prompts} prompts, ${whole} handed over whole, ${refused} cut short at a fence and refused, 0 canary runs`);
      expect(prompts).toBe(lines.length * places.length);
      expect(whole + refused).toBe(prompts);
      expect(refused).toBe(fences.length * places.length);
    }, 600_000);
  }
});
