import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createWorkspace, lastAssistantText, transcript, type Workspace } from '../../testkit/index.js';

let ws: Workspace | undefined;
afterEach(() => ws?.remove());

describe('createWorkspace', () => {
  it('lays out the ralph-specum project like the seed setup()', () => {
    ws = createWorkspace();
    expect(readFileSync(ws.path('specs/.current-spec'), 'utf8')).toBe('test-spec\n');
    expect(existsSync(ws.path('specs/test-spec'))).toBe(true);
    expect(existsSync(ws.path('.claude'))).toBe(true);
    expect(ws.stateFile).toBe(join(ws.dir, 'specs/test-spec/.ralph-state.json'));
    expect(existsSync(ws.stateFile)).toBe(false);
  });

  it('writes the seed state, merges updates, and back-dates nothing unless asked', () => {
    ws = createWorkspace();
    ws.writeState({ taskIndex: 2 });
    expect(ws.readState()).toEqual({ phase: 'execution', taskIndex: 2, totalTasks: 5, taskIteration: 1, specName: 'test-spec', specPath: './specs/test-spec' });
    ws.updateState({ globalIteration: 3 });
    expect(ws.readState()).toMatchObject({ taskIndex: 2, globalIteration: 3 });
  });

  it('corrupt state, tasks, settings with frontmatter, file ages', () => {
    ws = createWorkspace();
    ws.writeCorruptState();
    expect(readFileSync(ws.stateFile, 'utf8')).toBe('{ invalid json here');
    ws.writeTasks(3, { checked: 1 });
    expect(ws.read('specs/test-spec/tasks.md')).toContain('- [x] 1.1 Task number 1\n- [ ] 1.2 Task number 2\n- [ ] 1.3 Task number 3\n');
    ws.writeSettings(false);
    expect(ws.read('.claude/ralph-specum.local.md')).toBe('---\nenabled: false\n---\n');
    ws.setFileAge('.claude/ralph-specum.local.md', 3600);
    expect(Date.now() - statSync(ws.settingsFile).mtimeMs).toBeGreaterThan(3_599_000);
  });

  it('speckit layout', () => {
    ws = createWorkspace({ layout: 'speckit', specName: 'feat-1' });
    expect(ws.read('.specify/.current-feature')).toBe('feat-1\n');
    expect(ws.stateFile).toBe(join(ws.dir, '.specify/specs/feat-1/.speckit-state.json'));
    expect(ws.settingsFile).toBe(join(ws.dir, '.claude/ralph-speckit.local.md'));
    expect(ws.specPath).toBe('./.specify/specs/feat-1');
  });
});

describe('transcript builder', () => {
  it('writes one line per content block, sharing message.id', () => {
    const t = transcript().assistant([
      { type: 'text', text: 'Working on it.' },
      { type: 'tool_use', id: 'toolu_1', name: 'Bash', input: { command: 'ls' } },
    ]);
    const lines = t.toJsonl().trim().split('\n').map((l) => JSON.parse(l));
    expect(lines).toHaveLength(2);
    expect(lines[0].message.id).toBe(lines[1].message.id);
    expect(lines.map((l) => l.message.content[0].type)).toEqual(['text', 'tool_use']);
    expect(lines[1].parentUuid).toBe(lines[0].uuid);
    expect(lines[0]).toMatchObject({ type: 'assistant', isSidechain: false, sessionId: 'test-session', message: { role: 'assistant' } });
  });

  it('tool_use-only turns, tool results, sidechains and Stop hook feedback', () => {
    const t = transcript()
      .user('Build it')
      .assistant('First answer')
      .stopHookFeedback('Continue spec: test-spec')
      .toolCall('Bash', { command: 'npm test' }, 'ok')
      .sidechain('subagent text');
    const lines = t.lines as Array<Record<string, any>>;
    expect(lines[2]).toMatchObject({ type: 'user', isMeta: true, message: { content: 'Stop hook feedback:\nContinue spec: test-spec' } });
    expect(lines[3].message.content[0].type).toBe('tool_use');
    expect(lines[4].message.content[0]).toMatchObject({ type: 'tool_result', tool_use_id: lines[3].message.content[0].id });
    expect(lines[5].isSidechain).toBe(true);
    // The sidechain and the tool-only turn are skipped: the last real text is the first answer.
    expect(t.lastAssistantText()).toBe('First answer');
  });

  it('lastAssistantText joins the text blocks of the last message and is empty for none', () => {
    const t = transcript().assistant([{ type: 'text', text: 'a' }, { type: 'text', text: 'b' }]);
    expect(t.lastAssistantText()).toBe('a\nb');
    expect(lastAssistantText([])).toBe('');
  });

  it('writes a file in the workspace; raw lines stay as-is', () => {
    ws = createWorkspace();
    const path = ws.transcript().raw('ALL_TASKS_COMPLETE').assistant('x').write();
    const text = readFileSync(path, 'utf8');
    expect(path).toBe(ws.transcriptPath);
    expect(text.split('\n')[0]).toBe('ALL_TASKS_COMPLETE');
    expect(JSON.parse(text.split('\n')[1]!).cwd).toBe(ws.dir);
  });
});
