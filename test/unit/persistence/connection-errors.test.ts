import { isConnectionLost } from '../../../src/persistence/connection-errors';

const pgError = (code: string, message: string) => Object.assign(new Error(message), { code });

/** Which errors are a lost or refused database connection (503, retry) and which are not (the statement's own). */
const CASES: [string, unknown, boolean][] = [
  ['pg_terminate_backend (57P01)', pgError('57P01', 'terminating connection due to administrator command'), true],
  ['crash shutdown (57P02)', pgError('57P02', 'terminating connection because of crash of another server process'), true],
  ['starting up (57P03)', pgError('57P03', 'the database system is starting up'), true],
  ['too many connections (53300)', pgError('53300', 'sorry, too many clients already'), true],
  ['a standby answered a write (25006)', pgError('25006', 'cannot execute INSERT in a read-only transaction'), true],
  ['connection exception class 08 (08006)', pgError('08006', 'connection failure'), true],
  ['refused by the kernel', Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }), true],
  ['reset mid-statement', Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }), true],
  ['pg: terminated', new Error('Connection terminated unexpectedly'), true],
  ['pg: a broken client', new Error('Client has encountered a connection error and is not queryable'), true],
  ['pg-pool: connect timeout', new Error('timeout exceeded when trying to connect'), true],
  ['knex: acquire timeout', new Error('Knex: Timeout acquiring a connection. The pool is probably full. Are you missing a .transacting(trx) call?'), true],
  ['the embedded socket is gone', Object.assign(new Error('connect ENOENT /x/run/.s.PGSQL.5432'), { code: 'ENOENT' }), true],
  ['MikroORM ConnectionException', Object.assign(new Error('x'), { name: 'ConnectionException' }), true],
  ['wrapped by MikroORM (previous)', Object.assign(new Error('update failed'), { name: 'DriverException', previous: pgError('57P01', 'terminating connection') }), true],
  ['wrapped by GraphQL (originalError)', Object.assign(new Error('x'), { originalError: new Error('Connection terminated') }), true],
  ['wrapped as cause', new Error('x', { cause: Object.assign(new Error('y'), { code: 'ECONNREFUSED' }) }), true],
  ['unique violation (23505)', pgError('23505', 'duplicate key value violates unique constraint'), false],
  ['syntax error (42601)', pgError('42601', 'syntax error at or near'), false],
  ['serialization failure (40001)', pgError('40001', 'could not serialize access'), false],
  ['a missing file of ours', Object.assign(new Error("ENOENT: no such file or directory, open '/x/plans.json'"), { code: 'ENOENT' }), false],
  ['a plain bug', new TypeError("Cannot read properties of undefined (reading 'id')"), false],
  ['not an error', 'Connection terminated', false],
  ['null', null, false],
];

describe('isConnectionLost', () => {
  it.each(CASES)('%s', (_label, err, expected) => {
    expect(isConnectionLost(err)).toBe(expected);
  });

  it('survives a cycle of causes', () => {
    const a: Record<string, unknown> = { message: 'a' };
    const b: Record<string, unknown> = { message: 'b', cause: a };
    a.cause = b;
    expect(isConnectionLost(a)).toBe(false);
  });
});
