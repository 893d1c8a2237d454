// Programs the guard does not know are suspect (issue 39, item 4): an argument that is a
// command name a rule judges starts a command the program may run, checked as one. The
// wrappers added to the data file (setsid, taskset, unshare, strace, systemd-run…) are
// stripped like sudo; an unknown one (`mytool`) is named in the reason.
import { describeChannel } from './channel.js';

describeChannel('unknown-wrappers', {
  deny: [
    ['setsid rm -rf /', 'fs-destroy'],
    ['setsid -f rm -rf ~', 'fs-destroy'],
    ['taskset -c 0 rm -rf ~', 'fs-destroy'],
    ['taskset 0x3 rm -rf ~', 'fs-destroy'],
    ['unshare rm -rf ~', 'fs-destroy'],
    ['unshare -r -n rm -rf ~', 'fs-destroy'],
    ['strace -f rm -rf ~', 'fs-destroy'],
    ['strace -f -e trace=file -o /tmp/t rm -rf ~', 'fs-destroy'],
    ['ltrace rm -rf ~', 'fs-destroy'],
    ['systemd-run rm -rf ~', 'fs-destroy'],
    ['systemd-run --user --scope -p MemoryMax=1G rm -rf ~', 'fs-destroy'],
    ['time -f %e rm -rf ~', 'fs-destroy'],
    ['chrt -f 10 rm -rf ~', 'fs-destroy'],
    ['faketime yesterday rm -rf ~', 'fs-destroy'],
    ['nsenter -t 1 -m rm -rf ~', 'fs-destroy'],
    ['xvfb-run -a rm -rf ~', 'fs-destroy'],
    ['setsid nohup git push --force', 'git-destroy'],
    // Not on any list: suspect, and named.
    ['mytool rm -rf ~', 'fs-destroy'],
    ['mytool --flag value rm -rf /', 'fs-destroy'],
    ['./run-in-container.sh git push --force origin main', 'git-destroy'],
    ['mytool setsid rm -rf ~', 'fs-destroy'],
    ['mytool tee .claude/settings.json', 'harness-tamper'],
    ['ssh host rm -rf ~', 'fs-destroy'],
    ['npx ralph-hooks uninstall --yes', 'harness-tamper'],
  ],
  allow: [
    'git commit -m "rm -rf /"',
    'echo rm -rf ~',
    'grep -r "rm -rf" .',
    'grep -rn rm -e x .',
    'man rm',
    'which rm',
    'type rm',
    'command -v rm',
    'npm run clean',
    'make clean',
    'make rm',
    'git rm -r --cached dist',
    'npm rm left-pad',
    'docker rm -f my-test',
    'setsid npm test',
    'strace -c ls',
    'taskset -c 0 node bench.js',
    'mytool rm -rf ./build',
    'mytool --verbose build',
    'apt-get install curl',
    'pip install bash-kernel',
  ],
});
