import { buildProblem, problemFromGraphQLError, problemFromUserErrors } from '../../../rest-adapter/problem';

const ctx = { baseUrl: 'https://api.example', instance: '/v1/emitters', requestId: 'req_1' };

describe('problem+json mapping', () => {
  it('field errors become one validation problem with snake_case paths', () => {
    const p = buildProblem(
      problemFromUserErrors([
        { field: 'items[0].unitPrice', code: 'INVALID_FORMAT', message: 'Monto inválido.' },
        { field: 'economicActivity', code: 'UNKNOWN_CATALOG_CODE', message: 'No existe.' },
      ]),
      ctx,
    );
    expect(p).toEqual({
      type: 'https://api.example/problems/validation_failed',
      title: 'Error de validación',
      status: 422,
      detail: 'La solicitud tiene 2 errores de validación.',
      instance: '/v1/emitters',
      request_id: 'req_1',
      errors: [
        { path: 'items[0].unit_price', code: 'invalid_format', message: 'Monto inválido.' },
        { path: 'economic_activity', code: 'unknown_catalog_code', message: 'No existe.' },
      ],
    });
  });

  it.each([
    ['EMITTER_NIT_TAKEN', 409],
    ['RESOURCE_NOT_FOUND', 404],
    ['ESTABLISHMENT_CODE_TAKEN', 409],
  ])('%s keeps its own status %i', (code, status) => {
    const p = buildProblem(problemFromUserErrors([{ field: 'nit', code, message: 'x' }]), ctx);
    expect(p.status).toBe(status);
    expect(p.type).toBe(`https://api.example/problems/${code.toLowerCase()}`);
  });

  it.each([
    [{ message: 'sin llave', extensions: { code: 'UNAUTHENTICATED' } }, 401, 'unauthenticated'],
    [{ message: 'permiso', extensions: { code: 'INSUFFICIENT_SCOPE' } }, 403, 'insufficient_scope'],
    [{ message: 'boom', extensions: { code: 'INTERNAL_SERVER_ERROR' } }, 500, 'internal_error'],
    [{ message: 'boom' }, 500, 'internal_error'],
  ])('GraphQL error %j → %i', (err, status, code) => {
    const p = buildProblem(problemFromGraphQLError(err), ctx);
    expect(p.status).toBe(status);
    expect(p.type.endsWith(`/${code}`)).toBe(true);
    if (status === 500) expect(p.detail).not.toContain('boom');
  });
});
