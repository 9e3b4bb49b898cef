/** The logged-in user's own security: password, sessions, the second factor (REST /v1/auth/*). */
import { api } from '../lib/http';
import type { List } from './account.api';

export const changePassword = (body: { current_password: string; new_password: string }) => api<void>('POST', '/v1/auth/password', { body });

export interface OwnSession {
  id: string;
  current: boolean;
  device: string;
  ip: string | null;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
}

export const listOwnSessions = () => api<List<OwnSession>>('GET', '/v1/auth/sessions');
export const endOwnSession = (id: string) => api<{ ended: number }>('DELETE', `/v1/auth/sessions/${encodeURIComponent(id)}`);
export const endOtherSessions = () => api<{ ended: number }>('POST', '/v1/auth/sessions/end-others');

export interface SecondFactorStatus {
  enabled: boolean;
  enabled_at: string | null;
  recovery_codes_left: number;
  account_required: boolean;
  session: string;
}

export const getSecondFactor = () => api<SecondFactorStatus>('GET', '/v1/auth/second-factor');
export const beginEnrolment = () => api<{ secret: string; otpauth_uri: string; qr_code: string }>('POST', '/v1/auth/second-factor/enrolment');
export const confirmEnrolment = (code: string) => api<{ recovery_codes: string[] }>('POST', '/v1/auth/second-factor/enrolment/confirm', { body: { code } });
export const disableSecondFactor = (body: { password: string; code: string }) => api<SecondFactorStatus>('POST', '/v1/auth/second-factor/disable', { body });
export const setSecondFactorPolicy = (required: boolean) => api<{ required: boolean }>('PUT', '/v1/second-factor-policy', { body: { required } });
