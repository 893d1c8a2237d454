/**
 * The formatting process: `node child.js` with a job on stdin ({ root, formatters, files }),
 * the files' texts on stdout as JSON ({ texts, warnings }). The project's formatters load here,
 * never in the CLI's own process, so one that hangs, crashes or leaks cannot take the CLI with it.
 */
import { FORMATTERS } from './all.js';
import type { FormatFile } from './types.js';

export interface ChildJob {
  root: string;
  formatters: { name: string; packageDir: string }[];
  files: FormatFile[];
}

export interface ChildAnswer {
  texts: string[];
  warnings: string[];
}

/** stdout carries the answer alone: whatever a formatter or a plugin prints goes to stderr. */
const answerTo = process.stdout.write.bind(process.stdout);
process.stdout.write = process.stderr.write.bind(process.stderr) as typeof process.stdout.write;

/**
 * The job, read from stdin as a stream. A synchronous read of fd 0 fails with EAGAIN when the
 * parent's pipe is non-blocking and the job is larger than the pipe holds (seen under Yarn
 * Plug'n'Play, whose loader starts this process, once init's files pass 64 KiB).
 */
async function readJob(): Promise<ChildJob> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8')) as ChildJob;
}

async function main(): Promise<void> {
  const job = await readJob();
  let texts = job.files.map((file) => file.text);
  const warnings: string[] = [];
  for (const { name, packageDir } of job.formatters) {
    const spec = FORMATTERS.find((formatter) => formatter.name === name);
    if (!spec) continue;
    try {
      const result = await spec.formatAll({ root: job.root, packageDir, files: job.files.map((file, i) => ({ ...file, text: texts[i]! })) });
      if (result.texts.length === texts.length && result.texts.every((text) => typeof text === 'string')) texts = result.texts;
      warnings.push(...result.warnings);
    } catch (error) {
      warnings.push(`${name} could not start (${String((error as Error).message ?? error).split('\n')[0]}): the files are written as generated.`);
    }
  }
  const answer: ChildAnswer = { texts, warnings };
  answerTo(JSON.stringify(answer));
}

await main();
