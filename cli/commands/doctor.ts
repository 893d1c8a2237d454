/** `ralph-hooks doctor`: check tools, config, registration, scripts and manifest; exit 1 if anything is wrong. */
import { checkProject, checkTools, formatFindings, formatGithub } from '../../src/doctor.js';
import { useProject } from '../../src/package-managers/project.js';
import { findProjectRoot } from '../../src/project-root.js';
import { findingsFormat, parseCommandArgs } from './args.js';

const HELP = `Usage: ralph-hooks doctor [--dir <path>] [--json | --format text|json|github] [--plugin-dir <path>]...

Checks bash and jq, the config, that each hook is registered and runnable, and that the
manifest matches the files; and, over every file the agent reads hooks from (the user's, the
plugins'), that no two Stop hooks can both block. Prints what to fix; exits 0 only when all
is well. --plugin-dir names a plugin folder Claude Code is started with (claude --plugin-dir).
--format github prints the problems and warnings as GitHub Actions annotations (the
default when GITHUB_ACTIONS=true).`;

export async function run(argv: string[]): Promise<number> {
  const { values } = parseCommandArgs('doctor', argv, {
    dir: { type: 'string' },
    json: { type: 'boolean', default: false },
    format: { type: 'string' },
    'plugin-dir': { type: 'string', multiple: true },
    help: { type: 'boolean', short: 'h', default: false },
  });
  if (values.help) {
    console.log(HELP);
    return 0;
  }
  const format = findingsFormat(values.format, values.json);
  const { root } = findProjectRoot(values.dir ?? process.cwd());
  useProject(root);
  const findings = [...checkTools(), ...checkProject(root, { pluginDirs: values['plugin-dir'] ?? [] })];
  const healthy = findings.every((f) => f.ok);
  if (format === 'json') console.log(JSON.stringify({ root, healthy, findings }, null, 2));
  else if (format === 'github') {
    const annotations = formatGithub(findings);
    if (annotations) console.log(annotations);
  } else console.log(formatFindings(findings, !process.env.NO_COLOR && process.stdout.isTTY === true, root));
  return healthy ? 0 : 1;
}
