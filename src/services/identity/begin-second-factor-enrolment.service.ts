import { ROLES } from '../../domain/identity/roles';
import { DomainError } from '../../domain/shared/domain-error';
import { newTotpSecret, totpQrDataUrl, totpUri } from '../../integrations/crypto/totp';
import type { Actor } from '../shared/actor';
import type { ServiceDeps } from '../shared/service-deps';
import { sql } from '../shared/sql';
import { requirePanelUser } from './panel-access';
import { totpAad, totpUser } from './second-factor-store';

export interface SecondFactorEnrolment {
  /** Base32, for typing into the app; shown only in this answer. */
  secret: string;
  otpauthUri: string;
  /** The URI as a QR code (PNG data URL). */
  qrCode: string;
}

/**
 * Starts enrolling a TOTP second factor: a new secret, sealed as pending (a second start replaces
 * it), shown once as a QR and as text. Nothing is on until a code from it is confirmed.
 */
export class BeginSecondFactorEnrolmentService {
  constructor(private readonly deps: ServiceDeps) {}

  async execute(actor: Actor): Promise<SecondFactorEnrolment> {
    const me = requirePanelUser(actor, ROLES, 'activar la verificación en dos pasos');
    if (actor.secondFactor === 'required') throw new DomainError('second_factor_required', 'Escriba primero el código de su aplicación para terminar de iniciar sesión.');
    const em = this.deps.orm.em.fork();
    const user = await totpUser(em, me.id);
    if (user?.totp_enabled_at) throw new DomainError('second_factor_already_enabled', 'La verificación en dos pasos ya está activada; desactívela primero para cambiar de aplicación.');
    const secret = newTotpSecret();
    await sql(em, 'update users set totp_pending_sealed_secret = ?, updated_at = ? where id = ?', [this.deps.secrets.seal(secret, totpAad(me.id)), this.deps.clock.now(), me.id]);
    const otpauthUri = totpUri(secret, me.email);
    return { secret, otpauthUri, qrCode: await totpQrDataUrl(otpauthUri) };
  }
}
