/**
 * Reading and verifying the JWS MH receives in `documento`: compact serialization, protected header
 * exactly `{"alg":"RS512"}`, payload = the JSON document, signature checked with the public key
 * enrolled for the emitter's NIT and the environment — by the simulator's own verifier
 * (rs512-verifier.ts), never the service's.
 */
import { OBSERVED_CODES, SIMULATOR_CODES, reject, type MhRejection } from '../rules/mh-codes';
import type { SimulatorState } from '../store/simulator-state';
import { rs512SignatureHolds } from './rs512-verifier';

export type Json = Record<string, unknown>;

export type DecodedDocument = { ok: true; payload: Json; headerExact: boolean } | { ok: false; rejection: MhRejection };

const signatureInvalid = (observation: string): MhRejection => reject(OBSERVED_CODES.signature.code, OBSERVED_CODES.signature.message, [observation]);

export function asObject(v: unknown): Json {
  return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Json) : {};
}

export function asString(v: unknown): string | null {
  return typeof v === 'string' ? v : null;
}

/** The issuer's NIT: `emisor.nit`, or on a CD (whose emisor is the donee) `emisor.numDocumento` with document type 36. */
export function emitterNitOf(dte: Json): string | null {
  const e = asObject(dte.emisor);
  return asString(e.nit) ?? (e.tipoDocumento === '36' ? asString(e.numDocumento) : null);
}

/** Decodes without verifying (the payload tells whose key to verify with). */
export function decodeJws(jws: string): DecodedDocument {
  const parts = jws.trim().split('.');
  if (parts.length !== 3 || parts.some((p) => !/^[A-Za-z0-9_-]+$/.test(p))) {
    return { ok: false, rejection: signatureInvalid('documento: no es una firma JWS compacta (encabezado.contenido.firma)') };
  }
  let header: unknown;
  let payload: unknown;
  try {
    header = JSON.parse(Buffer.from(parts[0], 'base64url').toString('utf8'));
    payload = JSON.parse(Buffer.from(parts[1], 'base64url').toString('utf8'));
  } catch {
    return { ok: false, rejection: signatureInvalid('documento: el encabezado o el contenido firmado no es JSON') };
  }
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) {
    return { ok: false, rejection: signatureInvalid('documento: el contenido firmado no es un objeto JSON') };
  }
  const h = asObject(header);
  const headerExact = Object.keys(h).length === 1 && h.alg === 'RS512';
  return { ok: true, payload: payload as Json, headerExact };
}

/** null when the signature is valid for the enrolled key; else the rejection. */
export function verifySignature(state: SimulatorState, jws: string, headerExact: boolean, nit: string, ambiente: string): MhRejection | null {
  if (!headerExact) return signatureInvalid('documento: el encabezado de la firma debe ser exactamente {"alg":"RS512"}');
  const enrolment = state.enrolment(nit, ambiente);
  if (!enrolment) {
    return reject(SIMULATOR_CODES.noPublicKey, 'NO EXISTE LLAVE PUBLICA REGISTRADA PARA EL NIT EN EL AMBIENTE', [`emisor.nit ${nit}, ambiente ${ambiente}`]);
  }
  if (!rs512SignatureHolds(jws.trim(), enrolment.publicKey)) {
    return signatureInvalid('documento: la firma no corresponde a la llave publica registrada para el NIT');
  }
  return null;
}
