/**
 * Adding a target is its file and one line in the registry (docs/architecture.md, "Adding a
 * target"): a target written into a temporary folder, and nowhere else, with the registry's
 * line standing in as a mock of src/targets/index.ts, reaches the config schema, generate
 * (its scripts, its registration file, the manifest's record), explain (every file its agent
 * reads hooks from, ours told from the user's) and doctor. No other file names it.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { REPO_ROOT } from '../helpers/cli.js';
import { tempDir } from '../helpers/temp.js';

const source = (path: string) => pathToFileURL(join(REPO_ROOT, 'src', path)).href;
const testkit = (path: string) => pathToFileURL(join(REPO_ROOT, 'testkit', path)).href;

/** A made-up agent: hooks in .fake/hooks/, registered in .fake/hooks.json, a user-level file in ~/.fake/. */
const TARGET_FILE = `import { join } from 'node:path';
import { hookFileAt, projectHookFile } from '${source('targets/hook-sources.ts')}';
import { registerInSettings } from '${source('targets/claude-project.ts')}';

const FILE = '.fake/hooks.json';
const COMMAND_ROOT = '"$FAKE_PROJECT_DIR"/';

export const fakeProject = {
  id: 'fake-project',
  summary: 'Fake Agent project hooks: scripts in .fake/hooks/, registered in .fake/hooks.json',
  agent: 'fake-agent',
  agentName: 'Fake Agent',
  contract: 'claude-code',
  registration: 'claude-settings',
  hooksDir: '.fake/hooks',
  registrationFile: FILE,
  protectedPaths: ['.fake/hooks/**', FILE],
  commandRoot: COMMAND_ROOT,
  projectDirVariables: ['FAKE_PROJECT_DIR'],
  commandsDir: null,
  agentDir: '.fake',
  input: { shellTool: 'Shell', shellCommand: 'command', lastAssistantMessage: true, transcript: 'none', toolNames: { Shell: 'Bash' } },
  stop: { blockCap: null, stopHookActiveReliable: true },
  hookEvents: [{ event: 'PreToolUse' }, { event: 'PostToolUse' }, { event: 'Stop' }, { event: 'SessionStart' }, { event: 'OnIdle', matcher: 'none', summary: 'when the agent has nothing left to do' }],
  startHint: 'Start Fake Agent here',
  hookSources: (root, env) => [hookFileAt('user', join(env.HOME, '.fake', 'hooks.json'), root), projectHookFile(root, FILE)],
  register: registerInSettings(FILE, COMMAND_ROOT),
};
`;

/**
 * Its client file (testkit/clients/agents/fake-agent.ts, here in a folder of its own): how its
 * CLI is found (it has none), run, and its model conversation read (the Messages API).
 */
const CLIENT_FILE = `import { defineAgentClient } from '${testkit('clients/agent-client.ts')}';
import { messagesConversation } from '${testkit('clients/model/conversation.ts')}';

export default defineAgentClient({
  agent: 'fake-agent',
  command: 'fake',
  package: 'fake-agent-cli',
  install: 'npm i -D fake-agent-cli',
  find: () => null,
  version: () => null,
  reader: messagesConversation,
  run: async () => {
    throw new Error('Fake Agent has no CLI to run');
  },
});
`;

let scratch: string;
let clientsDir: string;
let project: string;
let home: string;

beforeAll(() => {
  scratch = tempDir('ralph-hooks-new-target-');
  const targetFile = join(scratch, 'fake-project.ts');
  writeFileSync(targetFile, TARGET_FILE);
  clientsDir = join(scratch, 'clients');
  mkdirSync(clientsDir);
  writeFileSync(join(clientsDir, 'fake-agent.ts'), CLIENT_FILE);
  // The registry's one line: the real targets and the new one. The modules this test imports
  // are loaded afresh (a worker runs many files), so they see the mock.
  vi.resetModules();
  vi.doMock('../../src/targets/index.js', async (importOriginal) => {
    const registry = await importOriginal<typeof import('../../src/targets/index.js')>();
    const { fakeProject } = (await import(/* @vite-ignore */ pathToFileURL(targetFile).href)) as { fakeProject: unknown };
    return { ...registry, TARGETS: { ...registry.TARGETS, 'fake-project': fakeProject } };
  });
  project = join(scratch, 'project');
  home = join(scratch, 'home');
  mkdirSync(project);
  mkdirSync(join(home, '.fake'), { recursive: true });
  writeFileSync(join(home, '.fake', 'hooks.json'), JSON.stringify({ hooks: { Stop: [{ hooks: [{ type: 'command', command: 'echo user-level' }] }] } }, null, 2));
  writeFileSync(
    join(project, 'ralph-hooks.config.json'),
    JSON.stringify({ target: 'fake-project', hooks: [{ kind: 'guard', preset: 'guard' }, { kind: 'stop-watcher', preset: 'passive' }] }, null, 2),
  );
});

afterAll(() => {
  vi.doUnmock('../../src/targets/index.js');
  vi.resetModules(); // the files after this one in the same worker get the real registry
  rmSync(scratch, { recursive: true, force: true });
});

describe('a target added in its own file and one registry line', () => {
  it('is a target the config accepts, generate writes its scripts and registers them in its file, explain and doctor read them', async () => {
    const { readConfig } = await import('../../src/config/load.js');
    const { planGeneration } = await import('../../src/generate/plan.js');
    const { applyPlan, diskWriter } = await import('../../src/generate/apply.js');
    const { explainHooks } = await import('../../src/diagnose/explain.js');
    const { TARGETS } = await import('../../src/targets/index.js');
    const { checkProject } = await import('../../src/diagnose/doctor.js');
    const target = (TARGETS as Record<string, import('../../src/targets/types.js').Target>)['fake-project']!;

    const config = readConfig(project);
    expect(config.target).toBe('fake-project');
    const plan = planGeneration(project, config);
    applyPlan(plan, diskWriter(project));

    // generate: the scripts in the target's hooks folder, registered in its file with its command root.
    const registration = JSON.parse(readFileSync(join(project, '.fake/hooks.json'), 'utf8')) as { hooks: Record<string, { matcher?: string; hooks: { command: string }[] }[]> };
    expect(Object.keys(registration.hooks).sort()).toEqual(['PreToolUse', 'Stop']);
    expect(registration.hooks.PreToolUse![0]!.hooks[0]!.command).toBe('bash "$FAKE_PROJECT_DIR"/.fake/hooks/guard.sh');
    expect(registration.hooks.Stop![0]!.hooks[0]!.command).toMatch(/^bash "\$FAKE_PROJECT_DIR"\/\.fake\/hooks\/[\w-]+\.sh$/);
    expect(readFileSync(join(project, '.fake/hooks/guard.sh'), 'utf8')).toMatch(/^#!/);
    const manifest = JSON.parse(readFileSync(join(project, '.ralph-hooks/manifest.json'), 'utf8')) as { registrations: Record<string, unknown[]> };
    expect(Object.keys(manifest.registrations)).toEqual(['.fake/hooks.json']);

    // explain: the agent's files in its order (user, then project), ours told from the user's.
    const { files, hooks } = explainHooks(project, target, config, { env: { HOME: home } });
    expect(files.map((file) => [file.kind, file.path])).toEqual([
      ['user', join(home, '.fake', 'hooks.json')],
      ['project', join(project, '.fake', 'hooks.json')],
    ]);
    expect(hooks.map((hook) => [hook.event, hook.file, hook.ours])).toEqual([
      ['Stop', '~/.fake/hooks.json', false],
      ['Stop', '.fake/hooks.json', true],
      ['PreToolUse', '.fake/hooks.json', true],
    ]);

    // doctor: the registration found in the target's file.
    const findings = checkProject(project, { env: { ...process.env, HOME: home } });
    expect(findings.find((finding) => finding.code === 'RH05')).toMatchObject({ ok: true, message: '.fake/hooks.json parses' });
  });

  it('generate, explain (with its lint) and doctor, run as the CLI runs them, find nothing: not one problem, not one warning', async () => {
    const output = (async (run: () => Promise<number>) => {
      const lines: string[] = [];
      const log = vi.spyOn(console, 'log').mockImplementation((...args: unknown[]) => void lines.push(args.join(' ')));
      try {
        return { code: await run(), text: lines.join('\n') };
      } finally {
        log.mockRestore();
      }
    });
    const previousHome = process.env.HOME;
    process.env.HOME = home;
    try {
      const generate = await import('../../cli/commands/generate.js');
      const explain = await import('../../cli/commands/explain.js');
      const doctor = await import('../../cli/commands/doctor.js');
      const { lintHooks } = await import('../../src/diagnose/hook-lint.js');
      const { explainHooks } = await import('../../src/diagnose/explain.js');
      const { readConfig } = await import('../../src/config/load.js');
      const { TARGETS } = await import('../../src/targets/index.js');
      const target = (TARGETS as Record<string, import('../../src/targets/types.js').Target>)['fake-project']!;

      expect((await output(() => generate.run(['--dir', project]))).code).toBe(0);
      // The lint alone, over every hook explain finds (the user's Stop hook included).
      const config = readConfig(project);
      const { hooks } = explainHooks(project, target, config, { env: { HOME: home } });
      expect(lintHooks(hooks, target, config, project)).toEqual([]);
      // explain: every hook in its events, the agent's own name and summary, no finding (RH24 "never runs" was one per hook).
      const explained = await output(() => explain.run(['--dir', project, '--json']));
      const report = JSON.parse(explained.text) as { findings: unknown[] };
      expect(report.findings).toEqual([]);
      expect(explained.code).toBe(0);
      // doctor: every check passes, none warns.
      const doctored = await output(() => doctor.run(['--dir', project, '--json']));
      const { findings } = JSON.parse(doctored.text) as { findings: { code: string; ok: boolean; warning?: boolean; message: string }[] };
      expect(findings.filter((finding) => !finding.ok || finding.warning)).toEqual([]);
      expect(findings.length).toBeGreaterThan(5);
      expect(doctored.code).toBe(0);
    } finally {
      if (previousHome === undefined) delete process.env.HOME;
      else process.env.HOME = previousHome;
    }
  });
});

describe('its client, in a file of its own beside the agents\' clients', () => {
  it('is found from the registry by its agent\'s name: probed, run by name, its conversation read; no list names it', async () => {
    const { agentClients, AGENT_CLIENTS_DIR, clientAgents } = await import('../../testkit/clients/agent-client.js');
    const { sentToModel } = await import('../../testkit/clients/model/conversation.js');
    const dirs = [clientsDir, AGENT_CLIENTS_DIR];
    const found = clientAgents(dirs);
    expect(found.find((entry) => entry.agent === 'fake-agent')).toEqual({ agent: 'fake-agent', target: 'fake-project', file: join(clientsDir, 'fake-agent.ts') });
    // Without its file, the registry's agent has no client: the lists come from the files.
    expect(clientAgents().map((entry) => entry.agent)).not.toContain('fake-agent');
    const clients = await agentClients(dirs);
    const fake = clients.find((client) => client.agent === 'fake-agent')!;
    expect(fake).toMatchObject({ command: 'fake', install: 'npm i -D fake-agent-cli', target: 'fake-project' });
    expect(fake.find()).toBeNull();
    await expect(fake.run(scratch, { turns: [] })).rejects.toThrow('Fake Agent has no CLI to run');
    // Its reader is known once its file is loaded: what the model was sent in its sessions is read.
    const requests = [{ modelCall: true, body: { messages: [{ role: 'user', content: 'Hook said: keep going' }] } }] as never;
    expect(sentToModel({ agent: 'fake-agent', requests })).toEqual(['Hook said: keep going']);
    // The real agents come first, in the registry's order; the new one follows its line.
    expect(clients.map((client) => client.agent)).toEqual([...clientAgents().map((entry) => entry.agent), 'fake-agent']);
  });
});

describe('the target contract', () => {
  const importsOf = (file: string) => [...readFileSync(join(REPO_ROOT, file), 'utf8').matchAll(/^(?:import|export)\b[^;]*?\bfrom '([^']+)'/gm)].map((match) => match[1]);

  it('depends on nothing above it: src/targets/types.ts imports only the leaf types, which import nothing', () => {
    expect(importsOf('src/targets/types.ts')).toEqual(['../hook-types.js']);
    expect(importsOf('src/hook-types.ts')).toEqual([]);
  });
});
