/** Raw SQL on the entity manager's own connection; see src/persistence/sql.ts. */
export { NO_FLUSH_WAIT, preparedRows, preparedSql, sql, sqlRows, statementEm, toPositional } from '../../persistence/sql';
