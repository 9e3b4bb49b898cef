import { ConfigError } from '../../../src/config/config';
import { DomainError } from '../../../src/domain/shared/domain-error';
import { BatteryItemError } from '../../../src/cli/certification/certification-runner';
import { cliFailure, explain, failureJson, failureText } from '../../../src/cli/cli-errors';

/** Node's AggregateError of a connection refused on every address of `localhost` (its message is empty). */
function refusedEverywhere(): AggregateError {
  const one = (address: string) => Object.assign(new Error(`connect ECONNREFUSED ${address}:5432`), { code: 'ECONNREFUSED', syscall: 'connect', address, port: 5432 });
  return Object.assign(new AggregateError([one('::1'), one('127.0.0.1')], ''), { code: 'ECONNREFUSED' });
}

describe('why a CLI command stopped, in Spanish (ADR 0048)', () => {
  const rows: [label: string, err: unknown, expected: { code: string; message: string; exitCode: number }][] = [
    ['a refusal of the service', DomainError.field('required', 'emitter', 'Falta la opción --emitter.'), { code: 'required', message: 'Falta la opción --emitter.', exitCode: 1 }],
    ['a bad setting', new ConfigError(['DATABASE_URL no es una URL postgres://']), { code: 'invalid_configuration', message: 'Configuración inválida:\n  - DATABASE_URL no es una URL postgres://', exitCode: 78 }],
    ['a connection refused on every address (an AggregateError without a message)', refusedEverywhere(), { code: 'connection_failed', message: 'No se pudo conectar a ::1:5432: la conexión fue rechazada (¿está en marcha y escucha en esa dirección?) (ECONNREFUSED).; No se pudo conectar a 127.0.0.1:5432: la conexión fue rechazada (¿está en marcha y escucha en esa dirección?) (ECONNREFUSED).', exitCode: 69 }],
    ['fetch failed, its cause inside', Object.assign(new TypeError('fetch failed'), { cause: Object.assign(new Error('getaddrinfo ENOTFOUND mh.example'), { code: 'ENOTFOUND', syscall: 'getaddrinfo' }) }), { code: 'connection_failed', message: 'fetch failed (Falló una operación: no se encontró el nombre de la máquina (ENOTFOUND).)', exitCode: 69 }],
    ['an error thrown bare', new Error(), { code: 'unexpected_error', message: 'se produjo un error sin descripción (Error)', exitCode: 1 }],
    ['something not an error', undefined, { code: 'unexpected_error', message: 'se produjo un error sin descripción', exitCode: 1 }],
    ['a battery item, with its cause', new BatteryItemError('03-002', new Error('el servicio no respondió')), { code: 'unexpected_error', message: 'La batería se detuvo en 03-002; vuelva a ejecutarla para continuarla (el servicio no respondió)', exitCode: 1 }],
  ];
  it.each(rows)('%s', (_label, err, expected) => {
    const f = cliFailure(err);
    expect({ code: f.code, message: f.message, exitCode: f.exitCode }).toEqual(expected);
    // Never a bare «Error:»: there is always a reason after it.
    expect(failureText(f)).toMatch(/^Error: \S/);
    expect(JSON.parse(failureJson(f))).toEqual({ error: { code: expected.code, message: expected.message, errors: f.errors } });
  });

  it('explains the errors an AggregateError holds, once each', () => {
    expect(explain(new AggregateError([new Error('uno'), new Error('uno'), new Error('dos')], ''))).toBe('uno; dos');
  });
});
