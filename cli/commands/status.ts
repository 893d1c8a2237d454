/** `ralph-hooks status`: why the last loop ended, and the loops running now. Always exit 0. */
import { END_REASON_WORDS, END_RECORD, readEndRecord, runningLoops, type LoopEnd, type RunningLoop } from '../../src/diagnose/loop-status.js';
import { useProject } from '../../src/package-managers/project.js';
import { findProjectRoot } from '../project-root.js';
import { parseCommandArgs } from './args.js';

const HELP = `Usage: ralph-hooks status [--dir <path>] [--json]

Prints why the last loop ended (the stop-watchers record it in ${END_RECORD}):
the reason, when, the iteration, the hook and the message it gave, and, for each loop
running now, its iteration and limit. Reasons: completed, max-iterations, no-progress,
cancelled, corrupt-state, block-cap, session-failed, context-full, budget. Exits 0, with or
without a record.

Options:
  --dir <path>  the project (default: found upward from the current folder)
  --json        the same as one JSON object: root, lastEnd, recordProblem, running`;


/** "3/20", "3", or "?" for an unknown iteration; a limit of 0 is no limit. */
function iterationText(iteration: number | null, limit: number | null): string {
  const at = iteration === null ? '?' : String(iteration);
  return limit === null || limit === 0 ? at : `${at}/${limit}`;
}

function endLines(end: LoopEnd): string[] {
  return [
    `Last loop end: ${END_REASON_WORDS[end.reason]}`,
    `  reason     ${end.reason}`,
    `  when       ${end.at}`,
    `  iteration  ${iterationText(end.iteration, end.limit)}`,
    `  hook       ${end.hook} (${end.preset})`,
    `  message    ${end.message.replace(/\s*\n\s*/g, ' ')}`,
  ];
}

function runningLines(running: RunningLoop[]): string[] {
  if (running.length === 0) return ['No loop is running.'];
  return running.map((loop) => `Running: ${loop.hook} (${loop.preset}), iteration ${iterationText(loop.iteration, loop.limit)}, state in ${loop.stateFile}`);
}

export async function run(argv: string[]): Promise<number> {
  const { values } = parseCommandArgs('status', argv, {
    dir: { type: 'string' },
    json: { type: 'boolean', default: false },
    help: { type: 'boolean', short: 'h', default: false },
  });
  if (values.help) {
    console.log(HELP);
    return 0;
  }
  const { root } = findProjectRoot(values.dir ?? process.cwd());
  useProject(root);
  const record = readEndRecord(root);
  const running = runningLoops(root);
  if (values.json) {
    console.log(JSON.stringify({ root, lastEnd: record.found ? record.end : null, recordProblem: record.found ? null : record.problem, running }, null, 2));
    return 0;
  }
  const head = record.found
    ? endLines(record.end)
    : record.problem === null
      ? [`No loop end recorded yet (${END_RECORD} is absent).`]
      : [`The loop end record ${END_RECORD} cannot be read (${record.problem}).`];
  console.log([...head, ...runningLines(running)].join('\n'));
  return 0;
}
