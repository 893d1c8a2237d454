import { defineGuardRule, word, z } from '../../../../src/presets/guard-rule.js';

export default defineGuardRule({
  summary: 'Deployments and changes to live systems: kubectl apply/create/patch/delete…, helm install/upgrade/rollback/uninstall, terraform/tofu apply/destroy/import, gh workflow run / release delete / secret set, mutating gcloud/az/aws calls, cdk deploy/destroy, pulumi up/destroy, hosting CLIs\' deploys, a git push to the default branch (off by default).',
  enabled: false,
  policy: 'a deployment changes a live system, even when it is the harmless look-alike of a teardown',
  options: {
    branches: z.array(word).default(['main', 'master']).describe('The branches a git push to counts as a deployment (the default branch, release branches…).'),
  },
  docs: {
    blocks: '`kubectl apply` / `create` / `replace` / `patch` / `delete` / `scale` / `set` / `rollout restart`… (global flags before the verb too), `helm install` / `upgrade` / `rollback` / `uninstall`, `terraform` / `tofu` / `terragrunt` `apply` / `destroy` / `import` / `state rm`, `gh workflow run`, `gh release delete`, `gh secret set`, `gh pr merge`, `gcloud … create` / `delete` / `deploy` / `update`…, `az … create` / `delete` / `update`…, `aws <service> create-…` / `delete-…` / `put-…` / `update-…`…, `aws s3 cp` / `sync` to `s3://`, `cdk deploy` / `destroy`, `pulumi up` / `destroy`, `serverless deploy`, `vercel --prod`, `netlify deploy`, `fly deploy`, `firebase deploy`, `wrangler deploy`; `git push` to a branch of `branches` (default `main`, `master`), also `git push` with no refspec from it (option `branches`)',
    letsThrough: '`kubectl get` / `describe` / `logs` / `diff`, `kubectl apply --dry-run=client`, `helm list` / `template` / `install --dry-run`, `terraform plan` / `validate`, `gh workflow list`, `gh release view`, `gcloud … list` / `describe`, `gcloud config set`, `az … show` / `list`, `aws … describe-…` / `list-…` / `get-…`, `aws s3 cp s3://… .`, `cdk synth` / `diff`, `pulumi preview`, `git push origin feature`',
  },
});
