/**
 * The built CLI, loaded once and run for many calls: what test/helpers/cli.ts talks to instead of
 * starting `node bin/ralph-hooks.js` for every call (a start is ~190 ms of CPU, mostly loading
 * modules; the work of a call is a third of it). One per test process, started on first use.
 *
 * Each connection carries one call, a JSON line {args, cwd, env}, and gets back one JSON
 * {status, stdout, stderr} before the server closes it. A call runs as the bin shim runs it
 * (bin/ralph-hooks.js): in its folder, with exactly its environment, stdout and stderr caught,
 * the exit code main() returns. Calls run one after another.
 *
 *   node test/helpers/cli-server.mjs <port-file>
 *
 * It writes its port into <port-file> once it listens, and ends when the process that started
 * it does (its fd 3 closes).
 */
import { createReadStream, renameSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { main } from '../../dist/bin/ralph-hooks.js';

const [portFile] = process.argv.slice(2);
let queue = Promise.resolve();

const server = createServer((socket) => {
  let request = '';
  socket.setEncoding('utf8');
  socket.on('data', (chunk) => {
    request += chunk;
    if (!request.includes('\n')) return;
    socket.removeAllListeners('data');
    // A call that cannot be answered closes its connection (the caller runs a process), and the next still runs.
    queue = queue.then(async () => socket.end(JSON.stringify(await runCall(JSON.parse(request))))).catch(() => socket.destroy());
  });
});

/** One call of the CLI, as a process of its own would make it. */
async function runCall({ args, cwd, env }) {
  const caught = { stdout: [], stderr: [] };
  const writes = { stdout: process.stdout.write, stderr: process.stderr.write };
  for (const name of ['stdout', 'stderr']) {
    process[name].write = (chunk, encoding, done) => {
      caught[name].push(typeof chunk === 'string' ? Buffer.from(chunk, typeof encoding === 'string' ? encoding : 'utf8') : Buffer.from(chunk));
      (typeof encoding === 'function' ? encoding : done)?.();
      return true;
    };
  }
  for (const key of Object.keys(process.env)) delete process.env[key];
  Object.assign(process.env, env);
  process.exitCode = undefined;
  let status;
  try {
    process.chdir(cwd);
    status = await main(args);
  } catch (error) {
    // What node prints for an error nothing caught, and its exit code.
    caught.stderr.push(Buffer.from(`${error?.stack ?? error}\n`));
    status = 1;
  } finally {
    process.stdout.write = writes.stdout;
    process.stderr.write = writes.stderr;
  }
  return { status, stdout: Buffer.concat(caught.stdout).toString(), stderr: Buffer.concat(caught.stderr).toString() };
}

server.listen(0, '127.0.0.1', () => {
  writeFileSync(`${portFile}.tmp`, String(server.address().port));
  renameSync(`${portFile}.tmp`, portFile);
});

// The lifeline: the starting process holds the other end of fd 3; when it ends, so does this.
createReadStream('', { fd: 3 }).on('close', () => process.exit(0)).resume();
