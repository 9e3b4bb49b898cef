/** Raw SQL on the entity manager's own connection; see src/persistence/sql.ts. */
export type { CompanionWrite } from '../../persistence/sql';
export { NO_FLUSH_WAIT, preparedRows, preparedSql, sql, sqlRows, statementEm, toPositional } from '../../persistence/sql';
export type { SqlExecutor } from '../../persistence/sql';
