/** The audit log in words (ADR 0043): each action, and what a change changed. */
import { formatDateTime, ROLE_LABELS } from '../lib/format';

/** What auditDetail reads of an entry (api/account.api.ts's AuditEntry has it). */
interface AuditEntryLike {
  action: string;
  details?: Record<string, unknown> | null;
  target?: { label?: string | null } | null;
}

export const AUDIT_ACTIONS: Record<string, string> = {
  'api_key.created': 'Creó una llave de API',
  'api_key.revoked': 'Revocó una llave de API',
  'credentials.uploaded': 'Cargó credenciales del MH',
  'emitter.created': 'Registró un emisor',
  'emitter.updated': 'Cambió los datos de un emisor',
  'establishment.created': 'Agregó un establecimiento',
  'establishment.updated': 'Cambió un establecimiento',
  'customer.created': 'Agregó un cliente',
  'customer.updated': 'Cambió los datos de un cliente',
  'customer.deleted': 'Eliminó un cliente',
  'customer.self_service_completed': 'El cliente completó sus datos fiscales',
  'customer.imported': 'Importó clientes',
  'product.created': 'Agregó un producto o servicio',
  'product.updated': 'Cambió un producto o servicio',
  'product.deleted': 'Eliminó un producto o servicio',
  'product.imported': 'Importó productos o servicios',
  'recurring_document.created': 'Creó una factura recurrente',
  'recurring_document.paused': 'Pausó una factura recurrente',
  'recurring_document.resumed': 'Reanudó una factura recurrente',
  'recurring_document.deleted': 'Eliminó una factura recurrente',
  'webhook_endpoint.created': 'Registró un webhook',
  'webhook_endpoint.updated': 'Cambió un webhook',
  'webhook_endpoint.secret_rolled': 'Renovó el secreto de un webhook',
  'webhook_endpoint.deleted': 'Eliminó un webhook',
  'user.created': 'Creó un usuario',
  'user.invited': 'Invitó a un usuario',
  'user.invitation_resent': 'Reenvió una invitación',
  'user.invitation_revoked': 'Revocó una invitación',
  'user.invitation_accepted': 'Aceptó la invitación',
  'user.removed': 'Quitó a un usuario',
  'user.role_changed': 'Cambió el rol de un usuario',
  'user.password_reset_requested': 'Pidió restablecer la contraseña',
  'user.password_reset': 'Restableció la contraseña',
  'user.password_set': 'Cambió la contraseña de un usuario',
  'user.password_changed': 'Cambió su propia contraseña',
  'user.second_factor_enabled': 'Activó la verificación en dos pasos',
  'user.second_factor_disabled': 'Desactivó la verificación en dos pasos',
  'user.recovery_code_used': 'Inició sesión con un código de recuperación',
  'session.second_factor_verified': 'Confirmó su inicio de sesión con el código de su aplicación',
  'account.second_factor_policy_changed': 'Cambió la exigencia de la verificación en dos pasos',
  'document.invalidation_requested': 'Solicitó la invalidación de un documento',
  'dte_event.invalidation_requested': 'Solicitó la anulación de una devolución o de una operación especial',
  'fiscal.period.closed': 'Cerró un período fiscal',
  'fiscal.period.reopened': 'Reabrió un período fiscal',
  'account.embed_origins_changed': 'Cambió los sitios que pueden incrustar la vista embebida',
  'session.login_succeeded': 'Inició sesión',
  'session.login_failed': 'Intento de inicio de sesión fallido',
  'session.login_locked': 'Usuario bloqueado por intentos fallidos',
  'session.ended': 'Cerró una o más de sus sesiones',
};

/** The names of the fields a change names (`details.changed`). */
const FIELDS: Record<string, string> = {
  nit: 'NIT', nrc: 'NRC', name: 'nombre', tradeName: 'nombre comercial', economicActivity: 'actividad económica', establishmentType: 'tipo de establecimiento',
  address: 'dirección', phone: 'teléfono', email: 'correo', numbering: 'numeración', logoUrl: 'logo', logo: 'logo', isLargeTaxpayer: 'gran contribuyente',
  code: 'código', type: 'tipo', active: 'activo', pointsOfSale: 'puntos de venta', url: 'URL', events: 'eventos', disabled: 'pausa',
};

const text = (v: unknown) => (typeof v === 'string' && v ? v : null);

/** What an entry's details say, in a few words (never an internal key); null when nothing to add. */
export function auditDetail(e: AuditEntryLike): string | null {
  const d = e.details ?? {};
  const parts: string[] = [];
  if (Array.isArray(d.changed) && d.changed.length) parts.push(`Cambió: ${d.changed.map((f) => FIELDS[String(f)] ?? String(f)).join(', ')}`);
  if (text(d.code)) parts.push(`Establecimiento ${String(d.code)}`);
  if (text(d.period)) parts.push(`Período ${String(d.period)}`);
  if (text(d.reason)) parts.push(`Motivo: ${String(d.reason)}`);
  if (e.action.startsWith('webhook_endpoint.') && text(d.url) && !e.target?.label) parts.push(String(d.url));
  if (text(d.role) && e.action.startsWith('user.')) parts.push(`Rol: ${ROLE_LABELS[String(d.role)] ?? String(d.role)}`);
  if (text(d.expires_at)) parts.push(`Enlace válido hasta el ${formatDateTime(String(d.expires_at))}`);
  return parts.length ? parts.join(' · ') : null;
}
