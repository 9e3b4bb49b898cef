import { isDatabaseError, parameterFreeMessage, serializeError, statementKind } from '../../../src/config/error-serializer';
import { redactPath } from '../../../src/http/log-redaction';

describe('paths with bearer tokens are logged with the token hidden', () => {
  it.each([
    ['/v1/files/eyJhIjoiYiJ9.c2lnbmF0dXJl', '/v1/files/[oculto]'],
    ['/v1/fiscal/embed/AbCdEf0123456789AbCdEf0123456789', '/v1/fiscal/embed/[oculto]'],
    ['/v1/fiscal/embed/tok/extra', '/v1/fiscal/embed/[oculto]/extra'],
    ['/v1/fiscal/embed-sessions', '/v1/fiscal/embed-sessions'],
    ['/v1/documents/doc_1', '/v1/documents/doc_1'],
    ['/v1/files/', '/v1/files/'],
    ['/clientes/datos/AbCdEf0123456789AbCdEf0123456789', '/clientes/datos/[oculto]'],
  ])('%s → %s', (path, logged) => {
    expect(redactPath(path)).toBe(logged);
  });
});

describe('database errors are logged parameter-free', () => {
  const ormMessage = `update "emitters" set "nit" = '06149999999991', "name" = 'Nombre Secreto' where "id" = 'emt_1' - duplicate key value violates unique constraint "emitters_account_id_nit_unique"\n - detail: Key (account_id, nit)=(acct_1, 06149999999991) already exists.`;

  it.each([
    ['ORM statement, detail appended', ormMessage, 'duplicate key value violates unique constraint …'],
    ['PostgreSQL message quoting a value', 'invalid input syntax for type integer: "0614 secreto"', 'invalid input syntax for type integer: …'],
    ['multi-line SQL', `select *\n  from "emitters" where "email" = 'ana@example.com' - invalid byte sequence for encoding "UTF8": 0x00`, 'invalid byte sequence for encoding …: 0x00'],
  ])('%s', (_label, message, expected) => {
    expect(parameterFreeMessage(message)).toBe(expected);
  });

  it('names the statement kind and table, never its values', () => {
    expect(statementKind(ormMessage)).toBe('update emitters');
    expect(statementKind(`insert into "documents" ("id") values ('x') - boom`)).toBe('insert documents');
    expect(statementKind('no statement here')).toBeUndefined();
  });

  it('a pg-shaped error keeps SQLSTATE and names, drops detail and the SQL', () => {
    const err = Object.assign(new Error(ormMessage), { name: 'UniqueConstraintViolationException', code: '23505', severity: 'ERROR', detail: 'Key (nit)=(06149999999991)', table: 'emitters', constraint: 'emitters_account_id_nit_unique' });
    expect(isDatabaseError(err)).toBe(true);
    const logged = serializeError(err, (s) => s);
    expect(JSON.stringify(logged)).not.toMatch(/06149999999991|Nombre Secreto|emt_1|acct_1/);
    expect(logged).toMatchObject({ type: 'UniqueConstraintViolationException', sql_state: '23505', statement: 'update emitters', table: 'emitters', constraint: 'emitters_account_id_nit_unique' });
    expect(logged.stack!.split('\n')[0]).toBe('UniqueConstraintViolationException: duplicate key value violates unique constraint …');
  });

  it('other errors keep their message and stack, with API keys masked', () => {
    const logged = serializeError(new Error('fallo con sk_test_abcdefghijklmnop'), (s) => s.replace(/sk_test_\w+/, 'sk_test_…'));
    expect(logged.message).toBe('fallo con sk_test_…');
    expect(logged.stack).toContain('fallo con sk_test_…');
  });
});
