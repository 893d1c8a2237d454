import { defineGuardRule } from '../../../../src/presets/guard-rule.js';

export default defineGuardRule({
  summary: 'kubectl delete of namespaces or --all, terraform/tofu destroy, helm uninstall, SQL DROP/TRUNCATE through a database client, aws s3 rb / rm --recursive.',
  enabled: true,
  docs: {
    blocks: '`kubectl delete ns…` / `--all`, `terraform destroy`, `apply -destroy`, `helm uninstall`, `aws s3 rb`, `aws s3 rm --recursive`, `dropdb`, `redis-cli FLUSHALL`, `DROP TABLE` / `TRUNCATE` through `psql` / `mysql` / `sqlite3`…',
    letsThrough: '`kubectl delete pod x`, `terraform plan`, `psql -c "SELECT …"`',
  },
});
