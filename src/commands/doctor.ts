/** `ralph-hooks doctor`: check tools, config, registration, scripts and manifest; exit 1 if anything is wrong. */
import { checkProject, checkTools, formatFindings } from '../doctor.js';
import { findProjectRoot } from '../project-root.js';
import { parseCommandArgs } from './args.js';

const HELP = `Usage: ralph-hooks doctor [--dir <path>] [--json]

Checks bash and jq, the config, that each hook is registered and runnable, and that the
manifest matches the files. Prints what to fix; exits 0 only when all is well.`;

export async function run(argv: string[]): Promise<number> {
  const { values } = parseCommandArgs('doctor', argv, {
    dir: { type: 'string' },
    json: { type: 'boolean', default: false },
    help: { type: 'boolean', short: 'h', default: false },
  });
  if (values.help) {
    console.log(HELP);
    return 0;
  }
  const { root } = findProjectRoot(values.dir ?? process.cwd());
  const findings = [...checkTools(), ...checkProject(root)];
  const healthy = findings.every((f) => f.ok);
  if (values.json) console.log(JSON.stringify({ root, healthy, findings }, null, 2));
  else console.log(formatFindings(findings, !process.env.NO_COLOR && process.stdout.isTTY === true, root));
  return healthy ? 0 : 1;
}
