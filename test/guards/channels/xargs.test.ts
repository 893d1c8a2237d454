// xargs runs a command with operands it reads from stdin: unknown words, judged like a variable that may be empty.
import { describeChannel } from './channel.js';

describeChannel('xargs', {
  deny: [
    ['echo / | xargs rm -rf', 'fs-destroy'],
    ['echo / | xargs -I{} rm -rf {}', 'fs-destroy'],
    ['find . -type d | xargs -0 rm -r -f', 'fs-destroy'],
    ["echo 'rm -rf /' | xargs -I{} bash -c {}", 'fs-destroy'],
    ["cat cmds.txt | xargs -i sh -c '{}'", 'remote-exec'],
    ['ls | xargs -I% python3 -c %', 'remote-exec'],
    ['echo main | xargs git reset --hard', 'git-destroy'],
    ['echo x | xargs sudo rm', 'host'],
  ],
  allow: [
    "find . -name '*.o' | xargs rm -f",
    'git ls-files | xargs grep -n TODO',
    "printf '%s\\n' a b | xargs -n1 echo",
    "ls src | xargs -I{} sh -c 'wc -l src/{}'",
    'git diff --name-only | xargs npx prettier --check',
  ],
});
