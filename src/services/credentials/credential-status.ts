import type { EmitterCredentialEntity } from '../../persistence/entities';

/** What callers may see of a credential (never the secrets). */
export interface CredentialStatus {
  environment: string;
  certificateLoaded: boolean;
  certificateNit: string | null;
  mhLoginOk: boolean;
  checkedAt: Date | null;
  mhUser: string | null;
  certificateValidUntil: Date | null;
  message: string | null;
}

export function credentialStatus(c: EmitterCredentialEntity): CredentialStatus {
  return {
    environment: c.environment,
    certificateLoaded: true,
    certificateNit: c.certificateNit,
    mhLoginOk: c.mhLoginOk,
    checkedAt: c.checkedAt,
    mhUser: c.mhUser,
    certificateValidUntil: c.certificateValidUntil,
    message: c.message,
  };
}

/** The status of an environment where nothing is stored yet. */
export function emptyCredentialStatus(environment: string): CredentialStatus {
  return { environment, certificateLoaded: false, certificateNit: null, mhLoginOk: false, checkedAt: null, mhUser: null, certificateValidUntil: null, message: null };
}

/** One status per environment (`00`, `01`), in that order. */
export { CREDENTIAL_ENVIRONMENTS } from '../../domain/credentials/credential-status-view';
