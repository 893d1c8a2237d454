/**
 * The stop-watchers read the last answer the way each agent gives it: last_assistant_message
 * (Claude Code, Codex, Qwen Code), prompt_response (Gemini CLI), or the transcript in the
 * agent's own format (Copilot CLI's events.jsonl, droid's and Gemini CLI's JSONL). Copilot CLI
 * writes its transcript a moment after the Stop hook starts: the hooks wait for the stop's
 * mark, and read the promise as absent when it never comes.
 */
import { writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { assertJsonBlock, assertSystemMessageContains, runHook, stopInput, type Workspace } from '../../testkit/index.js';
import { generateProject } from '../helpers/generate.js';
import { bareWorkspaces, generateLoop, RUNTIMES, writeLoopState, type LoopHook } from './loop-helpers.js';

const workspace = bareWorkspaces();

const jsonl = (lines: unknown[]) => `${lines.map((line) => JSON.stringify(line)).join('\n')}\n`;
const STAMP_ISO = '2026-11-25T11:00:00.123Z';
const STAMP_MS = Date.parse(STAMP_ISO);

/** Each agent's transcript, ending in an answer of `last`, after an older one holding the promise where it matters. */
const TRANSCRIPTS: Record<string, (last: string) => string> = {
  'Copilot CLI events.jsonl': (last) =>
    jsonl([
      { type: 'session.start', data: {} },
      { type: 'assistant.message', data: { messageId: 'm1', content: 'older <promise>OTHER</promise>' } },
      { type: 'assistant.message', data: { messageId: 'm2', content: last, toolRequests: [] } },
      { type: 'hook.start', data: { hookType: 'agentStop', input: { timestamp: STAMP_MS } } },
    ]),
  'droid JSONL': (last) =>
    jsonl([
      { type: 'session_start', id: 's' },
      { type: 'message', id: 'a1', message: { role: 'assistant', content: [{ type: 'text', text: 'older' }] } },
      { type: 'message', id: 'u1', message: { role: 'user', content: [{ type: 'text', text: 'go on' }] } },
      { type: 'message', id: 'a2', message: { role: 'assistant', content: [{ type: 'tool_use', id: 't', name: 'Execute', input: {} }, { type: 'text', text: last }] } },
    ]),
  'Gemini CLI JSONL': (last) =>
    jsonl([
      { sessionId: 's', kind: 'main' },
      { id: '1', type: 'user', content: [{ text: 'Build it' }] },
      { id: '2', type: 'gemini', content: last },
    ]),
};

describe.each(RUNTIMES)('the loop (%s runtime) under other agents', (runtime) => {
  const loop: LoopHook = generateLoop(runtime);
  const stop = (ws: Workspace, input: Record<string, unknown>, env: Record<string, string> = {}) =>
    runHook(loop.hook, stopInput({ cwd: ws.dir, transcript_path: ws.transcriptPath, session_id: 'session-a', last_assistant_message: undefined, ...input }), { cwd: ws.dir, env });

  for (const [format, transcript] of Object.entries(TRANSCRIPTS)) {
    it(`finds the promise in the last answer of a ${format} transcript, and only there`, async () => {
      const ws = workspace();
      writeLoopState(ws, loop);
      writeFileSync(ws.transcriptPath, transcript('All done. <promise>DONE</promise>'));
      assertSystemMessageContains(await stop(ws, { timestamp: STAMP_ISO }), 'detected <promise>DONE</promise>');
      const again = workspace();
      writeLoopState(again, loop);
      writeFileSync(again.transcriptPath, transcript('Still working.'));
      assertJsonBlock(await stop(again, { timestamp: STAMP_ISO }));
    });
  }

  it("reads Gemini CLI's prompt_response as the last answer", async () => {
    const ws = workspace();
    writeLoopState(ws, loop);
    assertSystemMessageContains(await stop(ws, { prompt_response: 'Done. <promise>DONE</promise>' }), 'detected <promise>DONE</promise>');
  });

  it("Copilot CLI: an answer after this stop's mark is not read, and a transcript that never gets the mark counts as no promise (after 20 polls of 50 ms)", async () => {
    const ws = workspace();
    writeLoopState(ws, loop);
    // The mark of another stop only: this stop's reply is not in yet.
    writeFileSync(
      ws.transcriptPath,
      jsonl([
        { type: 'assistant.message', data: { content: 'older' } },
        { type: 'hook.start', data: { hookType: 'agentStop', input: { timestamp: STAMP_MS - 5000 } } },
        { type: 'assistant.message', data: { content: '<promise>DONE</promise>' } },
      ]),
    );
    const result = await stop(ws, { timestamp: STAMP_ISO }, { RALPH_HOOKS_DEBUG: '1' });
    assertJsonBlock(result);
    expect(result.stderr).toContain('no mark of this stop after 20 polls');
  });
});

describe('specum under other agents', () => {
  const project = generateProject({ target: 'copilot-project', hooks: [{ kind: 'stop-watcher', preset: 'specum' }] });
  const hook = project.file('.github/hooks/stop-watcher.sh');
  const spec = (ws: Workspace) => {
    ws.write('specs/.current-spec', 'demo');
    ws.write('specs/demo/.ralph-state.json', JSON.stringify({ phase: 'execution', taskIndex: 1, totalTasks: 3, taskIteration: 1, globalIteration: 2 }));
  };

  it("finds ALL_TASKS_COMPLETE as a whole Copilot CLI answer (\"content\":\"…\") once the stop's mark is in", async () => {
    const ws = workspace();
    spec(ws);
    writeFileSync(ws.transcriptPath, TRANSCRIPTS['Copilot CLI events.jsonl']!('ALL_TASKS_COMPLETE'));
    const result = await runHook(hook, stopInput({ cwd: ws.dir, transcript_path: ws.transcriptPath, last_assistant_message: undefined, timestamp: STAMP_ISO }), { cwd: ws.dir });
    expect(result.stdout).toBe('');
    expect(result.exitCode).toBe(0);
  });

  it('continues the spec when the answer has no signal', async () => {
    const ws = workspace();
    spec(ws);
    writeFileSync(ws.transcriptPath, TRANSCRIPTS['Copilot CLI events.jsonl']!('Task 2 is half done.'));
    const result = await runHook(hook, stopInput({ cwd: ws.dir, transcript_path: ws.transcriptPath, last_assistant_message: undefined, timestamp: STAMP_ISO }), { cwd: ws.dir });
    assertJsonBlock(result);
  });
});
