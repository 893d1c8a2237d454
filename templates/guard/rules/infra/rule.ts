import { defineGuardRule } from '../../../../src/presets/guard-rule.js';

export default defineGuardRule({
  summary: 'kubectl delete of namespaces or --all, terraform/tofu destroy, helm uninstall, SQL DROP/TRUNCATE through a database client, aws s3 rb / rm --recursive.',
  enabled: true,
  docs: {
    blocks: '`kubectl delete ns…` (a kind in any case, plural or short, with its group: `NS`, `namespaces`, `Namespace/prod`, `ns,pods`, `namespaces.v1`) / `--all` (global flags before the verb too: `kubectl --context prod delete ns x`, `helm --kube-context prod uninstall`, `aws --profile prod s3 rm`), `terraform destroy`, `apply -destroy`, `helm uninstall`, `aws s3 rb`, `aws s3 rm --recursive`, `dropdb`, `redis-cli FLUSHALL`, `DROP TABLE` / `TRUNCATE` through `psql` / `mysql` / `sqlite3`… in their arguments or on standard input (`echo \'drop table t\' | psql`, `psql <<< …`, a here-document, a file an earlier command of the line wrote: `echo \'DROP TABLE t\' > d.sql && mysql < d.sql`), comments between the words too (`DROP/**/TABLE`, `DROP -- x⏎TABLE`)',
    letsThrough: '`kubectl delete pod x`, `terraform plan`, `psql -c "SELECT …"`, `psql -c "… ILIKE \'drop table%\'"` `kubectl get NS`, `psql -c \'select /* drop table */ 1\'` (SQL string literals and comments are stripped first)',
  },
});
