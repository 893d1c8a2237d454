// A program the guard does not know (nor one that only prints or looks) is judged by the
// worst its arguments allow: every word that may name a path — an operand, a value after =
// or glued to its option, @FILE, NAME=value, a file:// address — is read, and written where
// a write would harm what the rules protect (the project's own files, the home folder and
// its dotfiles, /etc, a device, the top of the tree). The same programs given paths inside
// the project, deeper in /usr, /mnt or /tmp, or no path at all are let through.
import { describeGuardCases } from '../channels/channel.js';

describeGuardCases('guard effects: programs the guard does not know', 'judges the worst their arguments allow', 'effects-unknown', {
  deny: [
    ['mytool ~/.bashrc', 'scope'],
    ['mytool --out=~/.bashrc notes.txt', 'scope'],
    ['mytool -o~/.profile', 'scope'],
    ['mytool of=~/.bashrc', 'scope'],
    ['mytool "$HOME"', 'scope'],
    ['mytool --config=/etc/hosts', 'scope'],
    ['mytool /usr', 'scope'],
    ['mytool /dev/sda', 'fs-destroy'],
    ['mytool @~/.ssh/id_ed25519', 'secrets'],
    ['mytool --key=~/.aws/credentials', 'secrets'],
    ['mytool file://$HOME/.ssh/id_ed25519', 'secrets'],
    ['mytool .env', 'secrets'],
    ['mytool .claude/settings.json', 'harness-tamper'],
    ['mytool ralph-hooks.config.json', 'harness-tamper'],
    ['mytool .git/packed-refs', 'git-destroy'],
    ['exiftool -filename=~/.bashrc notes.txt', 'scope'],
    ['python3.13 scripts/x.py ~/.bashrc', 'scope'],
    ['node22 scripts/x.js ~/.ssh/id_ed25519', 'secrets'],
    ['bash scripts/setup.sh ~/.profile', 'scope'],
    ['./node_modules/.bin/prettier --write .claude/settings.json', 'harness-tamper'],
    ['cd && mytool .bashrc', 'scope'],
  ],
  allow: [
    'mytool',
    'mytool src/main.ts',
    'mytool --out=build/x src',
    'mytool -I/usr/local/include /usr/include/stdio.h',
    'mytool /tmp/scratch.txt',
    'mytool ~/Documents/notes.txt',
    'mytool /mnt/data/x',
    'mytool "$PWD"',
    'mytool https://example.com/a/b',
    'mytool key=value --level=3',
    'python3 scripts/x.py build/out',
    'node scripts/build.js --out dist',
    'npx prettier --write src',
    'eslint --fix src',
    'cargo build --release',
    'make -C src test',
  ],
});
