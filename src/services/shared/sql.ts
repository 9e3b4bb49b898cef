/** Raw SQL on the entity manager's own connection; see src/persistence/sql.ts. */
export { preparedRows, preparedSql, sql, sqlRows, statementEm, toPositional } from '../../persistence/sql';
