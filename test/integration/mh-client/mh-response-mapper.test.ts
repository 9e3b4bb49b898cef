/** Pure mapping of MH answers (shapes seen from real MH that the simulator does not produce). */
import { cleanObservations, mapContingency, mapReception, parseFhProcesamiento } from '../../../src/integrations/mh-client/mh-response.mapper';
import { normaliseToken } from '../../../src/integrations/mh-client/mh-token-cache';
import type { HttpOutcome } from '../../../src/integrations/mh-client/mh-http-transport';

const NOW = new Date('2026-05-04T15:00:00Z');

function response(status: number, json: unknown, text = JSON.stringify(json)): HttpOutcome {
  return { kind: 'response', status, contentType: 'application/json', text, json };
}

const processed = {
  version: 2, ambiente: '00', versionApp: 2, estado: 'PROCESADO', codigoGeneracion: 'A1B2C3D4-1111-4222-8333-444455556666',
  selloRecibido: '2024E68208639D4549FB9FA06E7CB6D57D2A3BED', fhProcesamiento: '10/03/2026 10:45:30', clasificaMsg: '10',
  codigoMsg: '001', descripcionMsg: 'RECIBIDO', observaciones: ['', ''],
};

describe('MH answer mapping', () => {
  it('001 with observaciones ["",""] → processed with no observations; fhProcesamiento in El Salvador time', () => {
    expect(mapReception(response(200, processed), NOW)).toEqual({
      kind: 'processed', seal: processed.selloRecibido, processedAt: new Date('2026-03-10T16:45:30Z'), code: '001', message: 'RECIBIDO', observations: [], raw: processed,
    });
  });
  it('002 RECIBIDO CON OBSERVACIONES → processed with its observations', () => {
    const body = { ...processed, codigoMsg: '002', descripcionMsg: 'RECIBIDO CON OBSERVACIONES', observaciones: ['[resumen.totalVentaGra] CALCULO INCORRECTO'] };
    expect(mapReception(response(200, body), NOW)).toMatchObject({ kind: 'processed', code: '002', observations: ['[resumen.totalVentaGra] CALCULO INCORRECTO'] });
  });
  it('consultadte answered with HTTP 202 is still processed (any 2xx)', () => {
    expect(mapReception(response(202, processed), NOW)).toMatchObject({ kind: 'processed' });
  });
  it('PROCESADO without a seal is not accepted', () => {
    expect(mapReception(response(200, { ...processed, selloRecibido: '' }), NOW)).toMatchObject({ kind: 'unavailable', status: 200 });
  });
  it('004 on numeroControl is a rejection, not a duplicate', () => {
    const body = { ...processed, estado: 'RECHAZADO', selloRecibido: null, codigoMsg: '004', descripcionMsg: '[identificacion.numeroControl] YA EXISTE UN REGISTRO CON ESE VALOR' };
    expect(mapReception(response(400, body), NOW)).toMatchObject({ kind: 'rejected', code: '004' });
  });
  it('Spring 400 body → rejected "400"; Spring 404 → unavailable', () => {
    const spring = { timestamp: '2026-02-10T15:00:00.000+00:00', status: 400, error: 'Bad Request', path: '/fesv/recepciondte' };
    expect(mapReception(response(400, spring), NOW)).toEqual({ kind: 'rejected', code: '400', message: 'Solicitud rechazada por el MH: Bad Request', observations: [], raw: spring });
    expect(mapReception(response(404, { ...spring, status: 404, error: 'Not Found' }), NOW)).toMatchObject({ kind: 'unavailable', status: 404 });
  });
  it('HTML 502 → unavailable 502', () => {
    expect(mapReception({ kind: 'response', status: 502, contentType: 'text/html', text: '<html>502</html>', json: undefined }, NOW)).toEqual({
      kind: 'unavailable', status: 502, message: 'El MH respondió HTTP 502 sin un cuerpo JSON',
    });
  });
  it('timeout and network failures', () => {
    expect(mapReception({ kind: 'timeout' }, NOW)).toEqual({ kind: 'timeout', message: 'El MH no respondió dentro del tiempo de espera' });
    expect(mapReception({ kind: 'network', message: 'No se pudo comunicar con el MH (ECONNRESET)' }, NOW)).toEqual({ kind: 'unavailable', status: null, message: 'No se pudo comunicar con el MH (ECONNRESET)' });
  });
  it('contingency answers', () => {
    expect(mapContingency(response(200, { estado: 'RECIBIDO', fechaHora: '04/05/2026 09:00:00', mensaje: 'OK', selloRecibido: 'X'.repeat(40), observaciones: [] })))
      .toMatchObject({ kind: 'accepted', seal: 'X'.repeat(40) });
    expect(mapContingency(response(200, { estado: 'RECHAZADO', fechaHora: '04/05/2026 09:00:00', mensaje: 'FUERA DE PLAZO', selloRecibido: null, observaciones: ['', 'a'] })))
      .toMatchObject({ kind: 'rejected', message: 'FUERA DE PLAZO', observations: ['a'] });
    expect(mapContingency(response(503, undefined, ''))).toEqual({ kind: 'unavailable', message: 'El MH respondió HTTP 503 sin un cuerpo JSON' });
  });
  it('helpers', () => {
    expect(cleanObservations(['', ' ', 'x', 3])).toEqual(['x']);
    expect(parseFhProcesamiento('31/12/2026 23:59:59')).toEqual(new Date('2027-01-01T05:59:59Z'));
    expect(parseFhProcesamiento('2026-12-31')).toBeNull();
    expect(normaliseToken('eyJhbGciOi')).toBe('Bearer eyJhbGciOi');
    expect(normaliseToken('Bearer eyJhbGciOi')).toBe('Bearer eyJhbGciOi');
    expect(normaliseToken('bearer  eyJ')).toBe('Bearer eyJ');
  });
});
