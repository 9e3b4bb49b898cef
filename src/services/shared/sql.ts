/** Raw SQL on the entity manager's own connection; see src/persistence/sql.ts. */
export { preparedSql, sql, toPositional } from '../../persistence/sql';
