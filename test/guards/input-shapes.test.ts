/**
 * The guard reads every input shape a target's agent sends it, and denies a call whose
 * tool or command it cannot find: Copilot CLI's camelCase shape ({sessionId, toolName,
 * toolArgs}, toolArgs a JSON string) once went unread, so every call was allowed and the
 * fourth, whatever it was, denied as a repeat of the same empty one.
 */
import { describe, expect, it } from 'vitest';
import { generateProject } from '../helpers/generate.js';
import { runHook } from '../../testkit/index.js';
import { scratchDir, verdict } from './helpers.js';

/** Copilot CLI's camelCase PreToolUse input. */
const copilotInput = (root: string, toolName: string, toolArgs: unknown, sessionId = 'copilot-session') =>
  ({ sessionId, timestamp: 1764201600000, cwd: root, toolName, toolArgs: typeof toolArgs === 'string' ? toolArgs : JSON.stringify(toolArgs) });

function copilotGuard(target = 'copilot-project') {
  const project = generateProject({ target, hooks: [{ kind: 'guard', preset: 'guard' }] } as never, scratchDir('shapes-'));
  const script = project.file(target === 'copilot-project' ? '.github/hooks/guard.sh' : '.claude/hooks/guard.sh');
  const home = scratchDir('home-');
  const run = (input: unknown) => runHook(script, input, { cwd: project.root, env: { HOME: home, CLAUDE_PROJECT_DIR: project.root, COPILOT_PROJECT_DIR: project.root } });
  return { root: project.root, run };
}

describe('guard: input shapes', () => {
  for (const target of ['copilot-project', 'claude-project']) {
    it(`${target}: Copilot's camelCase calls are read and judged like any other; ls stays allowed on the 4th call`, async () => {
      const { root, run } = copilotGuard(target);
      const dangerous = ['rm -rf /', 'cat .env', 'git push --force origin main'];
      for (const command of dangerous) {
        expect(verdict(await run(copilotInput(root, 'bash', { command, description: 'x' }))), command).toMatchObject({ kind: 'deny', reason: expect.stringMatching(/^(fs-destroy|secrets|git-destroy): /) });
      }
      expect(verdict(await run(copilotInput(root, 'bash', { command: 'ls' }))).kind).toBe('none');
      // Its file tools: a read of a secret, a write outside the project.
      expect(verdict(await run(copilotInput(root, 'view', { path: `${root}/.env` }))).reason).toMatch(/^secrets: /);
      expect(verdict(await run(copilotInput(root, 'create', { path: '/etc/passwd', file_text: 'x' }))).kind).toBe('deny');
      expect(verdict(await run(copilotInput(root, 'edit', { path: `${root}/src/a.ts`, old_str: 'a', new_str: 'b' }))).kind).toBe('none');
    });
  }

  it('a call whose tool or command cannot be found is denied, and never counted as a repeat', async () => {
    const { root, run } = copilotGuard();
    const unreadable = [
      { sessionId: 's', cwd: root, toolArgs: '{"command":"ls"}' },
      { sessionId: 's', cwd: root, toolName: 'bash', toolArgs: 'not json' },
      { sessionId: 's', cwd: root, toolName: 'bash', toolArgs: '{"cmd":"rm -rf /"}' },
      { sessionId: 's', cwd: root, toolName: 7, toolArgs: '{"command":"ls"}' },
      { session_id: 's', cwd: root, tool_input: { command: 'rm -rf /' } },
      { session_id: 's', cwd: root, tool_name: 'Bash', tool_input: {} },
      { session_id: 's', cwd: root, tool_name: 'Bash', tool_input: 'rm -rf /' },
    ];
    for (const input of unreadable) {
      for (let i = 0; i < 4; i++) {
        const result = verdict(await run(input));
        expect(result, JSON.stringify(input)).toMatchObject({ kind: 'deny', reason: expect.stringMatching(/^unreadable-call: /) });
      }
    }
    expect(verdict(await run(copilotInput(root, 'bash', { command: 'ls' }, 's'))).kind).toBe('none');
  });
});
