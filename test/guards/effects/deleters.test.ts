// Deleters and writers reached through their own options or through what they are fed: xargs
// with the names the command before it prints, find -delete from the project root without a
// test that picks some files, perl -i in every spelling, ed fed its commands.
import { describeGuardCases } from '../channels/channel.js';

describeGuardCases('guard effects: deleters, and operands fed on standard input', 'judges what they delete and edit', 'effects-deleters', {
  deny: [
    ['echo ~/.bashrc | xargs rm', 'scope'],
    ['printf "src\\n~/.ssh\\n" | xargs -I{} rm -rf {}', 'scope'],
    ['xargs -a ~/.ssh/id_ed25519 -0', 'secrets'],
    ['xargs --arg-file=.env echo', 'secrets'],
    ['find . -delete', 'fs-destroy'],
    ['find . -type f -delete', 'fs-destroy'],
    ["find . -name '*' -delete", 'fs-destroy'],
    ["perl -i -pe 's/a/b/' ~/.bashrc", 'scope'],
    ["perl -i -p -e 's/a/b/' ~/.profile", 'scope'],
    ["perl -pi.bak -e 's/a/b/' ~/.bashrc", 'scope'],
    ["printf '1d\\nw\\nq\\n' | ed -s ~/.bashrc", 'scope'],
  ],
  allow: [
    'echo build | xargs rm -rf',
    'printf "a\\nb\\n" | xargs -I{} mv {} {}.bak',
    'git ls-files | xargs wc -l',
    "find . -name '*.pyc' -delete",
    'find . -empty -delete',
    'find ./build -delete',
    "perl -pe 's/a/b/' ~/.bashrc",
    "perl -i -pe 's/a/b/' src/main.c",
    "printf '1d\\nw\\nq\\n' | ed -s notes.txt",
  ],
});
