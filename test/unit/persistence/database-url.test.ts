import { DatabaseUrlError, needsHostSelection, parseDatabaseUrl } from '../../../src/persistence/database-url';

describe('DATABASE_URL as libpq reads it', () => {
  const CASES: [string, string, ReturnType<typeof parseDatabaseUrl>][] = [
    ['one host, default port', 'postgres://dte@db.internal/dte', { hosts: [{ host: 'db.internal', port: 5432 }], user: 'dte', password: undefined, database: 'dte', targetSessionAttrs: 'any', params: {} }],
    [
      'two hosts, read-write, encoded password',
      'postgresql://dte:p%40ss%2Fw@10.0.3.31:5432,10.0.3.32:6432/facturas?target_session_attrs=read-write&sslmode=require',
      { hosts: [{ host: '10.0.3.31', port: 5432 }, { host: '10.0.3.32', port: 6432 }], user: 'dte', password: 'p@ss/w', database: 'facturas', targetSessionAttrs: 'read-write', params: { sslmode: 'require' } },
    ],
    ['primary is read-write', 'postgres://u@a:1,b:2/d?target_session_attrs=primary', { hosts: [{ host: 'a', port: 1 }, { host: 'b', port: 2 }], user: 'u', password: undefined, database: 'd', targetSessionAttrs: 'read-write', params: {} }],
    ['IPv6 hosts', 'postgres://u@[::1]:5433,[fd00::2]/d', { hosts: [{ host: '::1', port: 5433 }, { host: 'fd00::2', port: 5432 }], user: 'u', password: undefined, database: 'd', targetSessionAttrs: 'any', params: {} }],
  ];
  it.each(CASES)('%s', (_label, url, expected) => {
    expect(parseDatabaseUrl(url)).toEqual(expected);
  });

  it.each([
    ['mysql://u@h/d', 'debe empezar con postgres:// o postgresql://'],
    ['postgres://u@h:99999/d', 'el puerto de «h:99999» no es válido'],
    ['postgres://u@h:x/d', 'el servidor «h:x» no es host o host:puerto'],
    ['postgres://u@a,,b/d', 'el servidor «» no es host o host:puerto'],
    ['postgres://u@h/d?target_session_attrs=standby', 'target_session_attrs=standby no es admitido (any, read-write o primary)'],
    ['postgres://u%zz@h/d', 'tiene un escape de porcentaje mal formado'],
  ])('refuses %s', (url, message) => {
    expect(() => parseDatabaseUrl(url)).toThrow(new DatabaseUrlError(message));
  });

  it('selects hosts itself only for several hosts or a session attribute', () => {
    expect(needsHostSelection(parseDatabaseUrl('postgres://u@h/d'))).toBe(false);
    expect(needsHostSelection(parseDatabaseUrl('postgres://u@h/d?target_session_attrs=read-write'))).toBe(true);
    expect(needsHostSelection(parseDatabaseUrl('postgres://u@h1,h2/d'))).toBe(true);
  });
});
