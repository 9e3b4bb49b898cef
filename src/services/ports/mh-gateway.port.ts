import type { Environment } from '../../domain/identity/api-key-format';

export interface MhLoginCredentials {
  nit: string;
  mhUser: string;
  mhPassword: string;
}

/**
 * What the credential use cases need from MH: enrolment (only the simulator has it: uploading
 * credentials enrols the issuer's certificate and MH user, as MH's own console would) and the test
 * login.
 */
export interface MhCredentialGateway {
  readonly mode: 'simulator' | 'remote';
  enrol(e: { nit: string; environment: Environment; mhUser: string; mhPassword: string; publicKeySpkiDer: Buffer }): Promise<void>;
  login(environment: Environment, creds: MhLoginCredentials): Promise<{ ok: true } | { ok: false; code: string; message: string }>;
}
