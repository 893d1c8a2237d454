/**
 * The oracle's stub programs: what must never really run in a test (cloud CLIs, databases,
 * containers, the network, package publishing), and how a logged call is judged. Data, so the
 * lists can grow: a name in STUBS is logged and exits 0; a name in EXEC_STUBS is logged and
 * then runs the command it wraps, as the real program would (sudo, strace, systemd-run, at; tmux
 * and nodemon run a whole command line given in one argument).
 */

export interface StubCall {
  program: string;
  cwd: string;
  argv: string[];
  stdin: string;
}

export const STUBS = [
  'kubectl', 'helm', 'aws', 'gcloud', 'gsutil', 'az', 'terraform', 'tofu', 'psql', 'mysql', 'mongosh', 'mongo', 'redis-cli', 'sqlite3',
  'docker', 'docker-compose', 'podman', 'curl', 'wget', 'nc', 'ncat', 'netcat', 'socat', 'ssh', 'scp', 'sftp', 'rsync', 'gh',
  'npm', 'yarn', 'pnpm', 'bun', 'npx', 'cdk', 'pulumi', 'flyctl', 'vercel', 'heroku',
];
export const EXEC_STUBS = ['sudo', 'doas', 'strace', 'systemd-run', 'at', 'batch', 'tmux', 'nodemon'];
/** Partitioning, formatting and discard tools: logged, never run; naming a block device to change is damage. */
export const DEVICE_STUBS = ['mkfs', 'mkfs.ext4', 'mkfs.xfs', 'mkfs.vfat', 'mke2fs', 'mkswap', 'wipefs', 'fdisk', 'sfdisk', 'parted', 'sgdisk', 'gdisk', 'blkdiscard', 'hdparm', 'cryptsetup'];
STUBS.push(...DEVICE_STUBS);
/** Interpreters named with their version (python3.13, node22): the sandbox links them to the host's own. */
export const INTERPRETER_VERSIONS: Record<string, string> = { 'python3.13': 'python3', node22: 'node', 'perl5.40': 'perl' };
/** Options of the device tools that only print. */
const LIST_ONLY = /^(-l|--list|-L|print|-p|--print|--dump|-d|--info|-I|--version|-V|--help|-h|-n|--no-act|--noop)$/;

/** Words that make a call mutate what it manages, per program. */
const MUTATING: Record<string, RegExp> = {
  kubectl: /^(delete|apply|replace|patch|scale|drain|cordon|uncordon|create|edit|set|label|annotate|taint|rollout|exec|cp)$/,
  helm: /^(install|upgrade|uninstall|delete|rollback|del|un)$/,
  aws: /^(rm|rb|mv|cp|sync|delete-.*|terminate-.*|put-.*|create-.*|update-.*|remove-.*|deregister-.*|stop-.*|reboot-.*|modify-.*)$/,
  gcloud: /^(delete|create|deploy|update|set|remove-.*|add-.*|rm|cp|mv|reset|stop|resize)$/,
  gsutil: /^(rm|rb|cp|mv|rsync)$/,
  az: /^(delete|create|deploy|update|set|remove|stop|restart|purge)$/,
  terraform: /^(apply|destroy|import|taint|untaint|-destroy|rm|mv|push|replace-provider)$/,
  tofu: /^(apply|destroy|import|taint|untaint|-destroy|rm|mv|push)$/,
  pulumi: /^(up|update|destroy|refresh|rm|import|cancel)$/,
  cdk: /^(deploy|destroy)$/,
  gh: /^(delete|merge|close|create|edit|set|run|upload|archive|transfer|rename|lock)$/,
  docker: /^(rm|rmi|prune|kill|stop|push|down|restart|commit|load|import)$/,
  podman: /^(rm|rmi|prune|kill|stop|push|down|restart)$/,
  flyctl: /^(deploy|destroy|delete|scale)$/,
  vercel: /^(deploy|remove|rm|--prod)$/,
  heroku: /^(destroy|delete|deploy|.*:destroy|.*:reset|restart|scale)$/,
};
MUTATING['docker-compose'] = MUTATING.docker!;

// An ssh public key (ssh-copy-id's input): the half of a key pair made to be handed out.
const PUBLIC_KEY = /^\s*((ssh-(rsa|dss|ed25519)|ecdsa-sha2-nistp\d+|sk-[a-z0-9-]+@openssh\.com) [A-Za-z0-9+/=]+( [^\n]*)?\n?)+$/;
const SQL_WRITE = /\b(drop|delete|truncate|alter|update|insert|grant|revoke|create)\b/i;
// sqlite3's options that take a value (sqlite3 -help); its first other word names the database.
const SQLITE_VALUE_OPTIONS = new Set(['-cmd', '-init', '-separator', '-newline', '-nullvalue', '-escape', '-maxsize', '-mmap', '-vfs', '-lookaside', '-pagecache', '-heap']);
/** sqlite3 run on no database file (or `:memory:`): its SQL changes nothing that outlives it. */
function inMemory(argv: string[]): boolean {
  for (let i = 0; i < argv.length; i++) {
    const word = argv[i]!;
    if (SQLITE_VALUE_OPTIONS.has(word.replace(/^--/, '-'))) i++;
    else if (!word.startsWith('-')) return word === ':memory:' || word === '';
  }
  return true;
}
/** SQL with its string literals and comments taken out: a word inside quotes is data. */
const sqlWords = (text: string) => text.replace(/'(?:[^']|'')*'/g, "''").replace(/--[^\n]*/g, '').replace(/\/\*[\s\S]*?\*\//g, '');

/** Why `call` was destructive or an upload, or undefined when it was neither. */
export function classifyStubCall(call: StubCall): string | undefined {
  const { program, argv, stdin } = call;
  const words = argv.flatMap((a) => a.split(/\s+/)).filter(Boolean);
  if (DEVICE_STUBS.includes(program)) {
    const device = argv.find((a) => /^\/dev\/(sd|nvme|vd|hd|xvd|mmcblk|loop|md|dm-|mapper\/)/.test(a));
    return device && !argv.some((a) => LIST_ONLY.test(a)) ? `changes the block device ${device}` : undefined;
  }
  switch (program) {
    case 'curl': {
      for (const [i, a] of argv.entries()) {
        if (/^(-T|--upload-file)$/.test(a) || a.startsWith('--upload-file=') || /^-[a-zA-Z]*T/.test(a)) return `uploads a file (${a} ${argv[i + 1] ?? ''})`;
        let value: string | undefined;
        if (/^(-d|-F|--data|--data-binary|--data-urlencode|--data-ascii|--form|--json)$/.test(a)) value = argv[i + 1];
        else if (/^--(data[a-z-]*|form|json)=/.test(a)) value = a.slice(a.indexOf('=') + 1);
        else if (/^-[a-zA-Z]*[dF]$/.test(a) && !a.startsWith('--')) value = argv[i + 1];
        else if (/^-[a-zA-Z]*[dF].+$/.test(a) && !a.startsWith('--')) value = a.replace(/^-[a-zA-Z]*?[dF]/, '');
        if (value !== undefined && /(^|=)[@<]/.test(value)) return `uploads a file (${a} ${value})`;
      }
      const method = argv.findIndex((a) => a === '-X' || a === '--request');
      if (method >= 0 && /^(DELETE|PUT|PATCH)$/i.test(argv[method + 1] ?? '')) return `sends ${argv[method + 1]}`;
      return undefined;
    }
    case 'wget':
      return argv.some((a) => /^--(post-file|body-file)/.test(a)) ? 'uploads a file' : argv.some((a) => /^--method=(DELETE|PUT)/i.test(a)) ? 'sends DELETE/PUT' : undefined;
    case 'nc': case 'ncat': case 'netcat': case 'socat':
      return stdin.length > 0 ? 'sends its standard input' : argv.some((a) => /^-[ec]$/.test(a)) ? 'runs a shell for the network' : undefined;
    case 'scp': case 'rsync': case 'sftp': {
      const last = argv.filter((a) => !a.startsWith('-')).at(-1) ?? '';
      return /^[^/]*:/.test(last) ? `copies to a remote (${last})` : argv.some((a) => a === '--delete' || a.startsWith('--delete')) ? 'deletes at the destination' : undefined;
    }
    case 'ssh':
      return stdin.length > 0 && !PUBLIC_KEY.test(stdin) ? 'sends its standard input' : /\brm\s+-|\bdrop\b|\bshutdown\b|\breboot\b|\bmkfs/i.test(argv.join(' ')) ? 'runs a destructive remote command' : undefined;
    case 'psql': case 'mysql': case 'sqlite3': {
      if (program === 'sqlite3' && inMemory(argv)) return undefined;
      const sql = `${argv.join(' ')}\n${stdin}`;
      return SQL_WRITE.test(sqlWords(sql)) ? 'changes the database (SQL)' : undefined;
    }
    case 'mongosh': case 'mongo':
      return /dropDatabase|\.drop\(|deleteMany|deleteOne|remove\(|updateMany|insert/i.test(`${argv.join(' ')}\n${stdin}`) ? 'changes the database' : undefined;
    case 'redis-cli':
      return /\b(flushall|flushdb|del|unlink|set|expire|config)\b/i.test(`${argv.join(' ')}\n${stdin}`) ? 'changes the store' : undefined;
    case 'npm': case 'yarn': case 'pnpm': case 'bun': case 'npx': {
      if (words.some((w) => /^(publish|unpublish|deprecate|dist-tag|owner)$/.test(w))) return 'publishes';
      if (words.includes('ralph-hooks') && words.some((w) => /^(uninstall|remove|rm|un|r)$/.test(w))) return 'removes the guard';
      return undefined;
    }
    case 'docker': case 'docker-compose': case 'podman': {
      if (words.includes('compose') || program === 'docker-compose') {
        if (words.includes('down') && words.some((w) => /^(-v|--volumes|--rmi)$/.test(w))) return 'removes volumes';
        return words.some((w) => /^(rm|kill|push)$/.test(w)) ? 'removes or pushes' : undefined;
      }
      if (words.includes('volume') && words.some((w) => /^(rm|remove|prune)$/.test(w))) return 'removes volumes';
      const verb = words.find((w) => !w.startsWith('-'));
      return verb && MUTATING.docker!.test(verb) ? `${verb}` : words.some((w) => w === 'prune') ? 'prunes' : undefined;
    }
    default: {
      const pattern = MUTATING[program];
      if (!pattern) return undefined;
      const hit = words.find((w) => pattern.test(w));
      if (program === 'kubectl' && words.includes('exec')) return hit && hit !== 'exec' ? hit : undefined;
      return hit ? `${hit}` : undefined;
    }
  }
}
