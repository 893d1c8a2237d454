// Paths written out in code the guard does not read as commands (an interpreter's -c/-e, an
// julia, octave, pwsh, an unknown program's words with blanks),
// in text written to a file and then used, and in a wrapper's own files: each is judged as
// the worst case. The look-alikes use the same programs on project files, or code whose
// slashes and tildes are not paths (a division, a regex, awk's match, a route).
import { describeGuardCases } from '../channels/channel.js';

describeGuardCases('guard effects: paths written out in code', 'judges the paths in code as the worst case', 'effects-code-paths', {
  deny: [
    ['python3 -c \'open("~/.bashrc", "a").write("x")\'', 'scope'],
    ['python -c \'print(open("/home/u/.ssh/id_rsa").read())\'', 'secrets'],
    ['node -e \'require("fs").createReadStream(".env").pipe(process.stdout)\'', 'secrets'],
    ['ruby -e \'File.write("~/.profile", "x")\'', 'scope'],
    ['php -r \'readfile("~/.ssh/id_ed25519");\'', 'secrets'],
    ['gawk \'BEGIN { print "x" > "~/.bashrc" }\'', 'scope'],
    ['sed -n \'1s/.*/x/w ~/.bashrc\' notes.txt', 'scope'],
    ['perl -e \'open(my $f, "<", ".env"); print <$f>\'', 'secrets'],
    ['julia -e \'open(f->write(f, "x"), "~/.bashrc", "w")\'', 'scope'],
    ['apache2ctl -c \'Include ~/.ssh/id_rsa\'', 'secrets'],
    ['echo \'esyscmd(cat ~/.ssh/id_rsa)\' | m4', 'secrets'],
    ['echo "rm -rf ~" > /tmp/t && chmod +x /tmp/t && mytool --on-error=/tmp/t', 'scope'],
    ['strace -o ~/.bashrc ls', 'scope'],
    ['rlwrap -l ~/.bashrc cat', 'scope'],
    ['script -q -c ls ~/.bashrc', 'scope'],
    ['ss -F ~/.ssh/id_rsa', 'secrets'],
    ['git diff /dev/null ~/.ssh/id_rsa', 'secrets'],
    ['docker cp abc:/x ~/.bashrc', 'scope'],
  ],
  allow: [
    'python3 -c \'print(open("src/a.py").read())\'',
    'python -c \'print(1 / 2)\'',
    'node -e \'console.log("a/b".split("/"))\'',
    'node -e \'app.get("/health", f)\'',
    'ruby -e \'puts File.read("README.md")\'',
    'awk \'$1 ~ /x/\' notes.txt',
    'awk \'/^#/ { print }\' notes.txt',
    'sed -n \'/^$/d\' notes.txt',
    'perl -ne \'print if /foo/\' notes.txt',
    'echo "x" > build/t && cat build/t',
    'strace -o build/trace.txt ls',
    'script -q -c ls build/typescript',
    'git diff HEAD -- src',
    'docker cp abc:/x build/x',
  ],
});
