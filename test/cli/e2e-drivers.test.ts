/**
 * The parsing the registry end-to-end drivers (test/e2e/registry.mjs, test/e2e/shapes/lifecycle.mjs,
 * zx scripts) do on the product's output: the commands init and uninstall print, the generated
 * workflow's run: steps, the lockfiles and which shapes run; and that every shape declares what
 * the lifecycle reads. The lifecycle itself runs in the registry end-to-end run (.ci/run).
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { lockfiles, nodeModulesListing, printedCommand, selectedShapes, SHAPES_DIR, type Shape, workflowRuns } from '../e2e/shapes/lifecycle.mjs';
import { REPO_ROOT, tempDir } from '../helpers/cli.js';

describe('printedCommand', () => {
  it("the text after the first ': ' on the line that starts with the prefix", () => {
    const init = `Done: 29 created.
  create  test/hooks/stop-watcher.test.ts

Next steps:
  - Install what the hooks and their tests need: pnpm install
  - Run the hook tests: pnpm run test:hooks
  - Edit ralph-hooks.config.json (your editor completes it from the JSON Schema), then run: pnpm exec ralph-hooks generate
  - Check the setup: pnpm exec ralph-hooks doctor --format human
`;
    expect(printedCommand(init, '  - Install what ')).toBe('pnpm install');
    expect(printedCommand(init, '  - Run the hook tests: ')).toBe('pnpm run test:hooks');
    expect(printedCommand(init, '  - Edit ralph-hooks.config.json')).toBe('pnpm exec ralph-hooks generate');
    expect(printedCommand(init, '  - Check the setup: ')).toBe('pnpm exec ralph-hooks doctor --format human');
  });

  it('no such line: undefined; a line that only contains the prefix further on does not count', () => {
    expect(printedCommand('Next steps:\n  - Run the hook tests: npm run test:hooks\n', '  - Install what ')).toBeUndefined();
    expect(printedCommand('x  - Install what: npm install\n', '  - Install what ')).toBeUndefined();
  });
});

describe('workflowRuns', () => {
  it('plain, double- and single-quoted scalars and block scalars, in order; uses: steps are not runs', () => {
    const wf = `jobs:
  hooks:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v4
      - uses: pnpm/action-setup@v4
      - name: Install dependencies
        run: if [ -f package-lock.json ]; then npm ci; else npm install; fi
      - run: "npx vitest run test/hooks --reporter \\"dot\\""
      - run: 'echo ''single'''
      - name: A block
        run: |
          echo one
          if true; then
            echo "two: indented"
          fi

      - name: Folded
        run: >-
          echo three
          four
      - name: Last
        run: pnpm exec ralph-hooks test --reporter junit=reports/hook-cases.xml
        if: always()
`;
    expect(workflowRuns(wf).map((run) => run.replace(/\n+$/, ''))).toEqual([
      'if [ -f package-lock.json ]; then npm ci; else npm install; fi',
      'npx vitest run test/hooks --reporter "dot"',
      "echo 'single'",
      'echo one\nif true; then\n  echo "two: indented"\nfi',
      'echo three four',
      'pnpm exec ralph-hooks test --reporter junit=reports/hook-cases.xml',
    ]);
  });

  it('a block runs as bash runs it', () => {
    const [block] = workflowRuns('    steps:\n      - run: |\n          x=1\n          echo "x=$x"\n');
    expect(execFileSync('bash', ['-e', '-c', block!], { encoding: 'utf8' })).toBe('x=1\n');
  });

  it('reads every run: step of the workflow the product generates', () => {
    const dir = tempDir('rh-e2e-wf-');
    writeFileSync(join(dir, 'ralph-hooks.config.json'), '{"hooks":[{"kind":"stop-watcher","preset":"specum"}],"extras":{"vitest":true,"bats":true,"cases":true,"workflow":true,"packageJson":true}}\n');
    execFileSync(process.execPath, [join(REPO_ROOT, 'bin/ralph-hooks.js'), 'generate', '--dir', dir, '--quiet'], { stdio: 'ignore' });
    const text = readFileSync(join(dir, '.github/workflows/ralph-hooks.yml'), 'utf8');
    const runs = workflowRuns(text);
    expect(runs).toHaveLength(text.match(/^ *(- )?run:/gm)!.length);
    for (const run of runs) expect(run).toMatch(/^[^"']/);
    expect(runs.join('\n')).toContain('ralph-hooks doctor');
  });
});

describe('selectedShapes', () => {
  it('every shape file but the lifecycle, or those E2E_SHAPES names; none; an unknown name fails', () => {
    const all = selectedShapes(undefined);
    expect(all).toContain('pnpm-workspace');
    expect(all).toContain('yarn-workspace-package');
    expect(all).not.toContain('lifecycle');
    expect(all).toHaveLength(readdirSync(SHAPES_DIR).filter((f) => f.endsWith('.mjs') && f !== 'lifecycle.mjs').length);
    expect(selectedShapes('bun, python')).toEqual(['bun', 'python']);
    expect(selectedShapes('none')).toEqual([]);
    expect(() => selectedShapes('bun nosuch')).toThrow('no such shape: nosuch');
    expect(() => selectedShapes('lifecycle')).toThrow('no such shape: lifecycle');
  });

  it('every shape file declares what the lifecycle reads', async () => {
    for (const name of selectedShapes(undefined)) {
      const { shape } = (await import(join(SHAPES_DIR, `${name}.mjs`))) as { shape: Shape };
      for (const field of ['pm', 'init', 'format', 'ralph', 'setup'] as const) expect(shape[field], `${name}: ${field}`).toMatch(/\S/);
      expect(Object.keys(shape.files).length, name).toBeGreaterThan(0);
    }
  });

  it('a shape set up from a workspace package, and one whose node_modules is compared before init and after uninstall', async () => {
    const shapes = await Promise.all(selectedShapes(undefined).map(async (name) => ((await import(join(SHAPES_DIR, `${name}.mjs`))) as { shape: Shape }).shape));
    expect(shapes.some((shape) => shape.from && shape.files[join(shape.from, 'package.json')])).toBe(true);
    expect(shapes.some((shape) => shape.pm === 'bun' && shape.sameNodeModules)).toBe(true);
  });
});

describe('lockfiles and node_modules', () => {
  it("each package manager's lockfile, and which yarn wrote a yarn.lock", () => {
    const dir = tempDir('rh-e2e-lock-');
    expect(lockfiles(dir)).toEqual([]);
    writeFileSync(join(dir, 'yarn.lock'), '__metadata:\n  version: 8\n');
    writeFileSync(join(dir, 'bun.lock'), '');
    expect(lockfiles(dir)).toEqual(['yarn.lock (berry)', 'bun.lock']);
    writeFileSync(join(dir, 'yarn.lock'), '# yarn lockfile v1\n');
    writeFileSync(join(dir, 'package-lock.json'), '');
    expect(lockfiles(dir)).toEqual(['package-lock.json', 'yarn.lock (v1)', 'bun.lock']);
  });

  it('nodeModulesListing: every path under node_modules, sorted; none without it', () => {
    const dir = tempDir('rh-e2e-nm-');
    expect(nodeModulesListing(dir)).toBeUndefined();
    mkdirSync(join(dir, 'node_modules/b/lib'), { recursive: true });
    mkdirSync(join(dir, 'node_modules/.bin'), { recursive: true });
    writeFileSync(join(dir, 'node_modules/b/lib/x.js'), '');
    expect(nodeModulesListing(dir)).toEqual(['.bin', 'b', 'b/lib', 'b/lib/x.js']);
  });
});
