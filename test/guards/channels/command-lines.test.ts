// A whole command line in one argument of a program the guard does not know (issue 39, the
// oracle's survey): tmux, nodemon --exec, concurrently and the like hand it to a shell, so it
// is read as a shell reads it: by its first word, quotes and backslashes taken out, or, when
// it holds shell syntax ($, `, \, {a,b}) that may spell any name, in full. Interpreters'
// code (python -c, node -e, awk) is another language and is left to the rules that know them.
import { describeChannel } from './channel.js';

describeChannel('command-lines', {
  deny: [
    ["tmux new-session -d -s work 'rm -rf ~'", 'fs-destroy'],
    ['tmux send-keys -t 0 "git push --force origin main" Enter', 'git-destroy'],
    ["nodemon --exec 'rm -rf ~/'", 'fs-destroy'],
    ["nodemon --exec='cat ~/.ssh/id_rsa'", 'secrets'],
    ['concurrently "npm run a" "git reset --hard"', 'git-destroy'],
    [String.raw`tmux new -d 'r\m -rf ~'`, 'fs-destroy'],
    ["tmux new -d '{rm,-rf,~}'", 'fs-destroy'],
    [String.raw`tmux new -d $'\x72\x6d -rf ~'`, 'fs-destroy'],
    ["mytool --run '\"rm\" -rf ~'", 'fs-destroy'],
  ],
  allow: [
    "tmux new -d 'npm run dev'",
    'tmux send-keys -t 0 "npm test" Enter',
    "nodemon --exec 'node server.js'",
    'concurrently "npm:watch" "rm -rf dist"',
    'pytest -k "not slow"',
    'vitest run -t "removes the cache"',
    'prettier --write "src/**/*.{ts,tsx}"',
    "awk '{print $1}' notes.txt",
    'python3 -c "import shutil; print(1)"',
    'mytool "$PWD"',
    './scripts/deploy.sh "$ENV"',
    'mycli --note "rm the cache later"',
    'gh pr create --body "rm -rf ~ was the bug"',
  ],
});
