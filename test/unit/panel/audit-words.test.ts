import { AUDIT_ACTIONS as RECORDED } from '../../../src/domain/identity/audit-actions';
import { AUDIT_ACTIONS, auditDetail } from '../../../panel/src/ui/audit-words';

describe('the audit log in words', () => {
  it('names every action the service records, in Spanish, and no other', () => {
    expect(Object.keys(AUDIT_ACTIONS).sort()).toEqual([...RECORDED].sort());
    for (const label of Object.values(AUDIT_ACTIONS)) expect(label).not.toMatch(/[a-z]+_[a-z]+|\./);
  });

  it.each([
    ['an issuer changed', { action: 'emitter.updated', details: { changed: ['name', 'address', 'logo'] } }, 'Cambió: nombre, dirección, logo'],
    ['an establishment changed', { action: 'establishment.updated', details: { code: 'M001', changed: ['pointsOfSale'] } }, 'Cambió: puntos de venta · Establecimiento M001'],
    ['a period reopened', { action: 'fiscal.period.reopened', details: { period: '2026-01', reason: 'Faltó una compra.' } }, 'Período 2026-01 · Motivo: Faltó una compra.'],
    ['an invitation resent: the role in words, the link’s end in El Salvador time', { action: 'user.invitation_resent', details: { role: 'member', expires_at: '2026-12-09T02:57:00.000Z' } }, 'Rol: Miembro · Enlace válido hasta el 08/12/2026 20:57'],
    ['a role changed to one the panel does not know', { action: 'user.role_changed', details: { role: 'auditor' } }, 'Rol: auditor'],
    ['a login', { action: 'session.login_succeeded', details: {} }, null],
  ])('%s', (_label, entry, expected) => {
    expect(auditDetail(entry)).toBe(expected);
  });
});
