// A script the same command writes and then runs: what was written (echo, printf, cat of a
// here-document, tee) is read as the script, by a shell, `.`, an interpreter, its #! line, or
// make for a Makefile; a script written by a program the guard cannot read is not run unseen.
import { describeChannel } from './channel.js';

describeChannel('scripts written, then run', {
  deny: [
    ["echo 'rm -rf ~' > x.sh && bash x.sh", 'fs-destroy'],
    ["echo 'cat ~/.ssh/id_rsa' > x.sh; sh ./x.sh", 'secrets'],
    ["echo 'rm -rf ~' > x.sh && bash -- x.sh", 'fs-destroy'],
    ["printf 'import os\\nos.system(\"rm -rf ~\")\\n' > x.py; python3 x.py", 'fs-destroy'],
    ['cat > x.sh <<EOF\necho x >> ~/.bashrc\nEOF\n. x.sh', 'scope'],
    ["printf 'all:\\n\\trm -rf ~\\n' > Makefile && make", 'fs-destroy'],
    ["echo 'git push --force origin main' | tee x.sh && bash x.sh", 'git-destroy'],
    ["echo 'rm -rf ~' > x.sh && chmod +x x.sh && ./x.sh", 'fs-destroy'],
    ["printf '#!/usr/bin/env python3\\nimport os\\nos.system(\"rm -rf ~\")\\n' > x && ./x", 'fs-destroy'],
    ['python3 gen.py > run.sh && bash run.sh', 'unreadable'],
    // Passed on by cat into a shell: what was written, or text the guard cannot see.
    ["echo 'rm -rf ~' > x.sh; cat x.sh | bash", 'fs-destroy'],
    ['python3 gen.py > run.sh; cat run.sh | bash', 'remote-exec'],
    ['cat > x.sh <<EOF && bash x.sh\nrm -rf ~\nEOF', 'fs-destroy'],
    ["cat > x.py <<'EOF' && python3 x.py\nimport os\nos.system(\"rm -rf ~\")\nEOF", 'fs-destroy'],
    // Changed by a program the guard does not follow, then run: text it cannot see.
    ["sed -i 's#echo tests pass#rm -rf .git#' package.json && npm test", 'unreadable'],
    ["perl -pi -e 's/echo/rm -rf ~; echo/' Makefile && make", 'unreadable'],
    ["sed -i 's/a/b/' x.sh && bash x.sh", 'unreadable'],
    ["jq '.scripts.test=\"x\"' package.json > p.json && mv p.json package.json && npm test", 'unreadable'],
    // package.json written plainly: its scripts are checked as commands.
    ['echo \'{"scripts":{"test":"rm -rf ~"}}\' > package.json && npm test', 'fs-destroy'],
    ['cat > package.json <<EOF\n{"scripts": {"test": "git reset --hard"}}\nEOF\nyarn test', 'git-destroy'],
  ],
  allow: [
    "echo 'npm test' > x.sh && bash x.sh",
    "echo 'npm test' > x.sh; cat x.sh | bash",
    'python3 gen.py > out.txt; cat out.txt | grep -c a',
    "printf 'print(1)\\n' > x.py; python3 x.py",
    'cat > x.sh <<EOF\necho hello\nEOF\n. x.sh',
    "echo 'npm test' | tee run.sh && sh run.sh",
    "printf 'all:\\n\\tnpm test\\n' > Makefile && make",
    "echo 'echo hi' > x.sh; chmod +x x.sh; ./x.sh",
    'npm run build > build.log 2>&1; cat build.log',
    'bash scripts/test.sh',
    'cat > x.sh <<EOF && bash x.sh\nnpm test\nEOF',
    'echo \'{"scripts":{"test":"vitest run","build":"tsc"}}\' > package.json && npm test',
    "sed -i 's/1.0.0/1.0.1/' package.json && npm view left-pad version",
    "sed -i 's/a/b/' src/index.ts && npm test",
    'cp x.sh y.sh && bash y.sh',
    "npm pkg set scripts.lint='eslint .' && npm run lint",
  ],
});
