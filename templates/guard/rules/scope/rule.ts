import { defineGuardRule, z } from '../../../../src/presets/guard-rule.js';
import { AGENT_DIRS } from '../../../../src/targets/index.js';

/** Folders that set or run a tool, wherever they are: git's, and every agent's own (src/targets/*: agentDir). */
const TOOL_DIRS = [...new Set(['.git', '.github', '.config', ...AGENT_DIRS])];

export default defineGuardRule({
  summary: 'Writes outside the project root (paths canonicalised, symlinks resolved).',
  enabled: true,
  options: {
    allowPaths: z.array(z.string().min(1)).default(['/tmp', '/var/tmp', '/dev/null', '/dev/stdout', '/dev/stderr', '/dev/fd'])
      .describe('Absolute paths outside the project root that may be written (each and everything below it).'),
    allowNewTrees: z.boolean().default(true)
      .describe('Let a write make a new folder tree outside the project where nothing is yet, not even the folder (mkdir -p /srv/new/x, tee /data/new/log): nothing is lost or planted. Never under the home folder, the system\'s own folders or a tool\'s settings folder.'),
  },
  tools: 'file-writes',
  context: () => ({ toolDirs: TOOL_DIRS }),
  docs: {
    blocks: 'writes outside the project root, with paths canonicalised and symlinks resolved (`echo x > /etc/hosts.bak`, `touch ../sibling/f` where `../sibling` exists, `cd .. && touch x`, `echo x > ${HOME:-/x}/.bashrc`, Edit through a link that points outside), by any writer (`sort -o ~/.bashrc`, `tar -C ~ -x`, a program the guard does not know given `--out=~/.profile`), and the tools\' own settings in the home folder written by their verbs (`npm config set`, `pip config set`, `gh config set`, `docker login`, `kubectl config use-context`, `direnv allow`…: see "What a command does to what it touches") (option `allowPaths`, default `/tmp`, `/var/tmp`, `/dev/null`…)',
    letsThrough: 'writes inside the project, in `/tmp`, through a link that stays inside, or making a new folder tree where nothing is yet outside the home folder and the system\'s folders (`mkdir -p /srv/new/app`; option `allowNewTrees`)',
  },
});
