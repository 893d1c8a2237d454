// A shell that reads its commands from stdin: a here-string, a here-document, or a pipe from
// echo / printf / cat <<< (text the guard can see) is checked as a command line.
import { describeChannel } from './channel.js';

describeChannel('shells reading stdin', {
  deny: [
    ["bash <<<'rm -rf /home/user'", 'fs-destroy'],
    ["sh <<<'git reset --hard'", 'git-destroy'],
    ['bash -s <<< "rm -rf ~"', 'fs-destroy'],
    ["echo 'rm -rf /' | bash", 'fs-destroy'],
    ["printf 'git reset --hard\\n' | sh", 'git-destroy'],
    ["printf '%s\\n' 'rm -rf /' | sh -s", 'fs-destroy'],
    ["cat <<<'rm -rf ~' | zsh", 'fs-destroy'],
    ['bash <<EOF\nrm -rf /\nEOF', 'fs-destroy'],
    // cat passes its here-document on: the shell after the pipe reads the body.
    ["cat <<'EOF' | bash\nrm -rf ~\nEOF", 'fs-destroy'],
    ["cat <<EOF | sh -s\ngit reset --hard\nEOF", 'git-destroy'],
    // …and so does a shell that runs what cat prints: a process substitution, eval, bash -c.
    ['bash <(cat <<EOF\nrm -rf ~\nEOF\n)', 'fs-destroy'],
    ['source <(cat <<EOF\nrm -rf ~\nEOF\n)', 'fs-destroy'],
    ["eval \"$(cat <<'EOF'\ngit reset --hard\nEOF\n)\"", 'git-destroy'],
    ['bash -c "$(cat <<EOF\nrm -rf ~\nEOF\n)"', 'fs-destroy'],
    // tr with plain sets on text the guard can see: what it writes; else unreadable, as a decoder's.
    ["echo 'rm_-rf_~' | tr _ ' ' | bash", 'fs-destroy'],
    ["echo 'rm -rf ~' | tr ab ba | bash", 'remote-exec'],
    ["echo 'ls' | tr a-z A-Z | sh", 'remote-exec'],
  ],
  allow: [
    "bash <<<'echo hi'",
    'echo hello | bash',
    "cat <<<'ls' | bash",
    "grep -c x <<<'rm -rf /'",
    "python3 <<<'print(1)'",
    "echo 'rm -rf /' | cat",
    "cat <<'EOF' | bash\nnpm test\nEOF",
    'cat <<EOF | grep -c rm\nrm -rf ~\nEOF',
    "eval \"$(cat <<'EOF'\ngit status --short\nEOF\n)\"",
    'bash <(cat <<EOF\nls -la\nEOF\n)',
    "echo ',s/foo/bar/g; w' | tr \\; '\\012' | ed -s file.txt",
    "printf 'npm test;npm run lint' | tr ';' '\\n' | sh",
    'git commit -m "$(cat <<EOF\nrm -rf ~ is bad\nEOF\n)"',
  ],
});

// $(( … )) is arithmetic: its words are not commands, but the substitutions inside it run.
describeChannel('arithmetic expansion', {
  deny: [
    ['echo $(( $(rm -rf /) + 1 ))', 'fs-destroy'],
    ['echo "$(( `git reset --hard` ))"', 'git-destroy'],
    ['x=$((touch /etc/x); echo a)', 'scope'],
  ],
  allow: ['echo "$(( rm -rf /x ))"', 'echo $(( (1+2) * 3 ))', 'n=$((n + 1)); echo "$n"'],
});
