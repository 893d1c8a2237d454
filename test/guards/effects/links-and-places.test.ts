// Places spelled differently, and paths through a symlink an earlier command of the same text
// made: each judged as the place it really is. And git's own storage, written by hand.
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describeGuardCases } from '../channels/channel.js';

describeGuardCases('guard effects: links made earlier, places spelled differently, git storage', 'follows each path to its place', 'effects-places', {
  deny: [
    ['ln -s ~ h && rm -rf h/', 'fs-destroy'],
    ['ln -sf ~/.bashrc x && echo y > x', 'scope'],
    ['ln -s ~/.aws a && cat a/credentials', 'secrets'],
    ['ln -s "$X" h && rm -rf h/', 'fs-destroy'],
    ['env -C ~ rm -rf *', 'fs-destroy'],
    ['env --chdir=/etc touch hosts.bak', 'scope'],
    ['rm -rf ~+/../*', 'fs-destroy'],
    ['echo x > ~+/../.bashrc', 'scope'],
    ['cat ~/.ss*/id*', 'secrets'],
    ['ps auxe', 'secrets'],
    ['ps e', 'secrets'],
    ['rm -rf .git/objects', 'git-destroy'],
    ['truncate -s0 .git/refs/heads/main', 'git-destroy'],
    ['echo 0000 > .git/HEAD', 'git-destroy'],
    ['cp /dev/null .git/index', 'git-destroy'],
  ],
  allow: [
    'ln -s src s && rm -rf s/old',
    'ln -s ../docs d && cat d/readme.md',
    'env -C src ls',
    'echo x > ~+/build.txt',
    'cat src/*.ts',
    'ps aux',
    'ps -ef',
    'echo build >> .git/info/exclude',
    'cat .git/HEAD',
    'ls .git',
    'git status',
  ],
  // A key for the glob to find on the disk, as the shell would.
  setup: ({ home }) => {
    mkdirSync(join(home, '.ssh'), { recursive: true });
    writeFileSync(join(home, '.ssh/id_ed25519'), 'key\n');
  },
});

// git commands that move a branch or a ref only when it exists: in a repository, a new name is
// only created.
describeGuardCases('guard effects: refs that exist and refs that do not', 'moves only what exists', 'effects-refs', {
  deny: [
    ['git checkout -B feature', 'git-destroy'],
    ['git checkout -B feature origin/main', 'git-destroy'],
    ['git switch -C feature', 'git-destroy'],
    ['git switch -C main', 'git-destroy'],
    ['git update-ref refs/heads/feature HEAD~1', 'git-destroy'],
  ],
  allow: [
    'git checkout -Bnew-branch',
    'git switch -C fixup',
    'git update-ref refs/heads/x HEAD',
  ],
  setup: ({ root }) => {
    const git = (...args: string[]) => execFileSync('git', ['-c', 'user.email=t@example.com', '-c', 'user.name=t', ...args], { cwd: root, stdio: 'ignore' });
    git('init', '-q', '-b', 'main');
    git('commit', '-q', '--allow-empty', '-m', 'one');
    git('commit', '-q', '--allow-empty', '-m', 'two');
    git('branch', 'feature');
  },
});
