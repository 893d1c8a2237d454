// find -exec / -execdir / -ok / -okdir run a command per file found ({} is a file below the start).
import { describeChannel } from './channel.js';

describeChannel('find -exec', {
  deny: [
    ['find . -exec git reset --hard \\;', 'git-destroy'],
    ['find / -name x -exec rm -rf {} \\;', 'fs-destroy'],
    ["find . -maxdepth 0 -execdir sh -c 'rm -rf /' \\;", 'fs-destroy'],
    ['find . -name "*.md" -ok cp {} /etc/ \\;', 'scope'],
    ['find . -exec cat {} ~/.aws/credentials +', 'secrets'],
  ],
  allow: [
    "find . -name '*.ts' -exec grep -l foo {} +",
    'find ./build -type d -name cache -exec rm -rf {} +',
    "find src -type f -execdir sed -i 's/a/b/' {} \\;",
    'find . -name x -exec cat {} \\;',
  ],
});
