// at and batch read the commands they run from standard input, as a shell does: a
// here-string, a here-document or a pipe from echo/printf is checked as commands.
import { describeChannel } from './channel.js';

describeChannel('at', {
  deny: [
    ['at now <<< "rm -rf ~"', 'fs-destroy'],
    ["echo 'rm -rf ~' | at now", 'fs-destroy'],
    ["echo 'rm -rf ~' | batch", 'fs-destroy'],
    ["printf 'git push --force\\n' | at now + 1 minute", 'git-destroy'],
    ['at now <<EOF\nrm -rf ~\nEOF', 'fs-destroy'],
    ['at -q b now <<< "rm -rf /"', 'fs-destroy'],
  ],
  allow: ['at -l', 'atq', 'at -f job.sh now', "echo 'npm test' | at now", 'at now <<< "make build"'],
});
