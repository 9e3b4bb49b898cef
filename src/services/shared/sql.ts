/** Raw SQL on the entity manager's own connection; see src/persistence/sql.ts. */
export { preparedRows, preparedSql, sql, sqlRows, toPositional } from '../../persistence/sql';
