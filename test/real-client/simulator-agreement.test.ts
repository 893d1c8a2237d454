/**
 * The Stop-loop simulator (`replayStopLoop`) against the real Claude Code: the same
 * continuations, the same hook, and the same sequence of Stop inputs (`stop_hook_active`),
 * decisions and ending, including the block cap (`CLAUDE_CODE_STOP_HOOK_BLOCK_CAP`) and what
 * resets it. A difference fails the test; the simulator is what gets fixed.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import {
  createWorkspace,
  replayStopLoop,
  type AgentTurn,
  type HookSpec,
} from '../../testkit/index.js';
import {
  runClaudeCode,
  stopOutcome,
  stopRuns,
  type Turn,
} from '../../testkit/clients/index.js';
import { describeRealClient, realProject, scratch, SESSION_TIMEOUT_MS, TEST_TIMEOUT_MS } from './helpers.js';

/** One stretch of the agent's work up to its next stop: optional shell commands, then a reply. */
interface Continuation {
  shell?: string;
  text: string;
}

interface Comparison {
  name: string;
  /** Prepare a project (real client) or workspace (simulator) folder; returns the hook command. */
  setup: (dir: string) => void;
  /** The hook command, as registered (relative to the project). */
  command: string;
  continuations: Continuation[];
  cap?: number;
}

interface Sequence {
  stops: { stop_hook_active: unknown; blocked: boolean }[];
  endedBy: 'stopped' | 'block-cap' | 'max-iterations';
}

const ALWAYS_BLOCK = '#!/bin/bash\ncat >/dev/null\nprintf \'{"decision":"block","reason":"keep going"}\\n\'\n';

function alwaysBlock(dir: string): void {
  mkdirSync(join(dir, 'hooks'), { recursive: true });
  writeFileSync(join(dir, 'hooks/block.sh'), ALWAYS_BLOCK);
}

const talk = (n: number): Continuation[] => Array.from({ length: n }, (_, i) => ({ text: `Thinking, part ${i + 1}.` }));

async function viaRealClient(c: Comparison): Promise<Sequence> {
  const root = scratch();
  c.setup(root);
  mkdirSync(join(root, '.claude'), { recursive: true });
  writeFileSync(join(root, '.claude/settings.json'), JSON.stringify({ hooks: { Stop: [{ hooks: [{ type: 'command', command: c.command }] }] } }, null, 2));
  const turns: Turn[] = c.continuations.flatMap((k) => (k.shell ? [{ shell: k.shell }, { text: k.text }] : [{ text: k.text }]));
  const run = await runClaudeCode(root, {
    prompt: 'Work',
    turns,
    env: c.cap === undefined ? {} : { CLAUDE_CODE_STOP_HOOK_BLOCK_CAP: String(c.cap) },
    timeoutMs: SESSION_TIMEOUT_MS,
  });
  expect(run.exitCode, run.stderr).toBe(0);
  expect(run.exhausted, 'the scripted continuations ran out before the loop ended').toBe(false);
  const continues = (stdout: string) => {
    try {
      return Boolean(JSON.parse(stdout).hookSpecificOutput?.additionalContext);
    } catch {
      return false;
    }
  };
  const stops = stopRuns(run).map((h) => ({ stop_hook_active: h.input.stop_hook_active, blocked: stopOutcome(h).decision === 'block' || continues(h.stdout) }));
  return { stops, endedBy: stops.at(-1)?.blocked ? 'block-cap' : 'stopped' };
}

async function viaSimulator(c: Comparison): Promise<Sequence> {
  const ws = createWorkspace();
  try {
    c.setup(ws.dir);
    const turn = (k: Continuation): AgentTurn => ({ reply: k.text, tools: k.shell ? [{ name: 'Bash', input: { command: k.shell } }] : [] });
    const hook: HookSpec = { command: c.command };
    const result = await replayStopLoop({
      hook,
      workspace: ws,
      firstTurn: turn(c.continuations[0]),
      agent: c.continuations.slice(1).map(turn),
      blockCap: c.cap ?? 8,
      env: { CLAUDE_PROJECT_DIR: ws.dir },
    });
    return { stops: result.history.map((it) => ({ stop_hook_active: it.input.stop_hook_active, blocked: it.blocked })), endedBy: result.endedBy };
  } finally {
    ws.remove();
  }
}

const BLOCK = 'bash "$CLAUDE_PROJECT_DIR"/hooks/block.sh';

const CONTEXT = '#!/bin/bash\ncat >/dev/null\nprintf \'{"hookSpecificOutput":{"hookEventName":"Stop","additionalContext":"one more thing"}}\\n\'\n';
function alwaysContext(dir: string): void {
  mkdirSync(join(dir, 'hooks'), { recursive: true });
  writeFileSync(join(dir, 'hooks/context.sh'), CONTEXT);
}

const COMPARISONS: Comparison[] = [
  { name: 'a hook that always blocks, continuations without tools, the default cap (8)', setup: alwaysBlock, command: BLOCK, continuations: talk(14) },
  { name: 'the same with CLAUDE_CODE_STOP_HOOK_BLOCK_CAP=3', setup: alwaysBlock, command: BLOCK, continuations: talk(8), cap: 3 },
  {
    name: 'a continuation that runs a tool resets the cap (CLAUDE_CODE_STOP_HOOK_BLOCK_CAP=3)',
    setup: alwaysBlock,
    command: BLOCK,
    continuations: [{ text: 'a' }, { text: 'b' }, { shell: 'echo x', text: 'c' }, { text: 'd' }, { shell: 'echo y', text: 'e' }, ...talk(8)],
    cap: 3,
  },
  {
    name: 'Stop additionalContext continues the turn and counts toward the cap (CLAUDE_CODE_STOP_HOOK_BLOCK_CAP=3)',
    setup: alwaysContext,
    command: 'bash "$CLAUDE_PROJECT_DIR"/hooks/context.sh',
    continuations: talk(8),
    cap: 3,
  },
];

describeRealClient('the Stop-loop simulator agrees with the real Claude Code', () => {
  for (const c of COMPARISONS) {
    it(c.name, async () => {
      const [real, simulated] = [await viaRealClient(c), await viaSimulator(c)];
      expect(real.stops.length).toBeGreaterThan(1);
      expect(simulated).toEqual(real);
    }, TEST_TIMEOUT_MS);
  }

  for (const runtime of ['bash', 'node'] as const) {
    it(`the loop preset (${runtime}): blocks until the promise, the same Stop inputs in both`, async () => {
      const project = realProject({ hooks: [{ kind: 'stop-watcher', preset: 'loop', name: 'loop', options: { runtime } }] } as never);
      const script = runtime === 'node' ? '.claude/hooks/loop.mjs' : '.claude/hooks/loop.sh';
      const stateFile = runtime === 'node' ? '.claude/ralph-loop.local.json' : '.claude/ralph-loop.local.md';
      const state =
        runtime === 'node'
          ? JSON.stringify({ active: true, iteration: 1, maxIterations: 20, completionPromise: 'DONE', prompt: 'Build it', sessionId: null })
          : '---\nactive: true\niteration: 1\nsession_id: \nmax_iterations: 20\ncompletion_promise: "DONE"\n---\n\nBuild it\n';
      const c: Comparison = {
        name: runtime,
        setup: (dir) => {
          mkdirSync(join(dir, '.claude/hooks'), { recursive: true });
          writeFileSync(join(dir, script), readScript(project.file(script)));
          writeFileSync(join(dir, stateFile), state);
        },
        command: `${runtime} "$CLAUDE_PROJECT_DIR"/${script}`,
        continuations: [{ text: 'one' }, { shell: 'echo step', text: 'two' }, { text: 'three' }, { text: 'Done. <promise>DONE</promise>' }, ...talk(3)],
      };
      const [real, simulated] = [await viaRealClient(c), await viaSimulator(c)];
      expect(real).toEqual({
        stops: [
          { stop_hook_active: false, blocked: true },
          { stop_hook_active: true, blocked: true },
          { stop_hook_active: true, blocked: true },
          { stop_hook_active: true, blocked: false },
        ],
        endedBy: 'stopped',
      });
      expect(simulated).toEqual(real);
    }, TEST_TIMEOUT_MS);
  }
});

function readScript(path: string): string {
  return readFileSync(path, 'utf8');
}
