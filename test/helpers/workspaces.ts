/** Workspaces that remove themselves after each test. */
import { mkdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterEach, onTestFinished } from 'vitest';
import { createWorkspace, type Workspace, type WorkspaceOptions } from '../../testkit/index.js';
import { tempDir } from './temp.js';

/** Returns a `workspace()` factory; every workspace it made is removed after each test. */
export function workspacePool(options: WorkspaceOptions = {}): () => Workspace {
  const made: Workspace[] = [];
  afterEach(() => {
    for (const ws of made.splice(0)) ws.remove();
  });
  return () => {
    const ws = createWorkspace(options);
    made.push(ws);
    return ws;
  };
}

/**
 * Point the workspace's current-spec marker at a spec folder outside the project, as an
 * absolute path or as ../../…, holding a state file (so the hook runs to its cleanup) and an
 * orphan two hours old. Returns the orphan's path; the folder goes after the test.
 */
export function specOutsideProject(ws: Workspace, form: 'absolute' | 'relative', state: object = { phase: 'execution', taskIndex: 0, totalTasks: 5, taskIteration: 1 }): string {
  const outside = tempDir('rh-outside-');
  onTestFinished(() => rmSync(outside, { recursive: true, force: true }));
  const spec = join(outside, 'spec');
  mkdirSync(spec);
  writeFileSync(join(spec, ws.layout.stateFileName), `${JSON.stringify(state)}\n`);
  const orphan = join(spec, '.progress-task-1.md');
  writeFileSync(orphan, 'not the hook\'s\n');
  const old = (Date.now() - 2 * 3600 * 1000) / 1000;
  utimesSync(orphan, old, old);
  ws.setCurrentSpec(form === 'absolute' ? spec : relative(ws.path(ws.layout.specsDir), spec));
  return orphan;
}
