import { defineGuardRule } from '../../../../src/presets/guard-rule.js';

export default defineGuardRule({
  summary: 'Dropping or wiping data through database clients: DROP/TRUNCATE, DELETE or UPDATE without WHERE (psql -c, mysql -e, sqlite3…), mysqladmin drop, dropdb, redis-cli FLUSHALL/FLUSHDB, mongosh dropDatabase()/drop()/deleteMany({}), aws dynamodb delete-table / rds delete-db-*.',
  enabled: true,
  docs: {
    blocks: '`psql -c \'DROP TABLE users\'`, `psql -c \'DELETE FROM users\'`, `mysql -e \'TRUNCATE orders\'`, `sqlite3 app.db \'UPDATE users SET admin=1\'`, `mysqladmin --force drop db`, `dropdb app`, `redis-cli flushall`, `mongosh --eval \'db.dropDatabase()\'`, `aws dynamodb delete-table`, `aws rds delete-db-instance`. Instead: a `WHERE` clause, a disposable test database, or a migration for a human',
    letsThrough: '`psql -c \'SELECT 1\'`, `DELETE FROM users WHERE id=1`, `UPDATE users SET name=\'x\' WHERE id=1`, `redis-cli get key`, `mongosh --eval \'db.users.find()\'`, `echo "DROP TABLE"`',
  },
});
