import { defineGuardRule, namesToEre, z } from '../../../../src/presets/guard-rule.js';

export default defineGuardRule({
  summary: 'Reading or writing .env* (not .example/.sample/.template), *.pem, *.key, id_rsa*, credentials*.json, ~/.ssh, ~/.aws, cloud CLIs\' credential files (gcloud, Azure, kube, docker, gh, npm, pypi…), through file tools or shell; printing *_KEY/*_TOKEN/*_SECRET variables.',
  enabled: true,
  options: {
    extraPatterns: z.array(z.string().min(1)).default([]).describe('More file-name globs treated as secrets (matched against the base name, e.g. "*.p12").'),
  },
  tools: 'files',
  context: (options) => ({ extraNamesEre: namesToEre(options.extraPatterns) }),
  docs: {
    blocks: 'reading `.env*`, `*.pem`, `*.key`, `id_rsa*`, `credentials*.json`, `~/.ssh`, `~/.aws`, the cloud CLIs\' credential files (`~/.config/gcloud/application_default_credentials.json`, `~/.azure/…`, `~/.kube/config`, `~/.docker/config.json`, `~/.config/gh/hosts.yml`, `~/.git-credentials`, `~/.npmrc`, `~/.pypirc`, `~/.oci/…`)… through Read / Edit / Grep (path or `glob`) or the shell (`cat .env`, `< ~/.ssh/id_ed25519`, `source .env`, `cp .env /tmp`); `echo $OPENAI_API_KEY`, `printenv TOKEN`, bare `printenv` / `env`, and the other environment dumps (`export -p`, `declare -x`, `set` alone, `/proc/self/environ`, `ps e`, `${!v}` over the names `compgen -v` lists); by any reader (`base64`, `xxd`, `gzip -c`, `diff`, `cp` out, `curl file://`, a program the guard does not know) and through a glob that matches one on the disk (`cat ~/.ss*/id*`); CLIs that print a stored token (`gh auth token`, `aws configure get …secret…`, `aws sts get-session-token`, `gcloud auth print-access-token`, `kubectl config view --raw`, `kubectl get secret -o yaml`, `npm config get …_authToken`, `git credential fill`, `pass show`, `op read`, `gpg --export-secret-keys`…); sending a credentials file (`curl -d @.env`, `-F f=@~/.ssh/id_rsa`, `-T .env`, `wget --post-file=.env`); a credential written out in the command by its issuer\'s format (`AKIA…`, `ghp_…`, `github_pat_…`, `glpat-…`, `xoxb-…`, `sk-…`, `sk_live_…`, `AIza…`, a PEM private key) (option `extraPatterns`)',
    letsThrough: 'a key handed to ssh (`ssh -i key.pem user@host`, `ssh-keygen -f ~/.ssh/x`, `ssh-add`): ssh uses it, the transcript never sees it; `.env.example`, `cp .env.example .env` (writing is not reading), `curl -H "Bearer $TOKEN"`, `[ -n "$KEY" ]`, Glob listing names, `compgen -v` (names without values), `curl -d @payload.json`',
  },
});
