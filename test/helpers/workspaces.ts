/** Workspaces that remove themselves after each test. */
import { afterEach } from 'vitest';
import { createWorkspace, type Workspace, type WorkspaceOptions } from '../../testkit/index.js';

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
