/** What the caller resolves before building a DTE (issuer data, allocated codes, clock). */

export interface Address {
  department: string;
  municipality: string;
  district: string;
  line: string;
}

export interface BuildContext {
  environment: '00' | '01';
  /** Uppercase UUID. */
  generationCode: string;
  /** `DTE-TT-EEEEPPPP-NNNNNNNNNNNNNNN`, already allocated. */
  controlNumber: string;
  /** fecEmi/horEmi are its America/El_Salvador local date and time (UTC−6, no DST). */
  issuedAt: Date;
  emitter: {
    nit: string;
    nrc: string;
    name: string;
    tradeName: string | null;
    economicActivity: string;
    phone: string | null;
    email: string;
    address: Address;
    isLargeTaxpayer: boolean;
  };
  /** `code` like M001; `type` CAT-009. */
  establishment: { code: string; type: string; address: Address; phone: string | null; email: string | null };
  /** `code` like P001. */
  pointOfSale: { code: string };
  /** null in normal operation (tipoModelo 1, tipoOperacion 1); else modelo 2, operación 2, type, reason. */
  contingency: { type: number; reason: string | null } | null;
  /** Related documents as resolved by the caller (generationType 2 = electronic, number = its generation code). */
  relatedDocuments: { type: string; generationType: 1 | 2; number: string; issuedOn: string }[];
  /** FE total (montoTotalOperacion) from which the receiver must be identified; decimal string. */
  feReceiverThreshold: string;
}

/**
 * Default FE receiver threshold: the interface spec's figure (25,000.00 USD). The law (Código
 * Tributario art. 119-G, reform D.L. 487-2022) sets 3 monthly minimum wages, which MH-2026-RULES §4
 * derives as 1,226.40 USD from 2025-06-01 (1,095.00 before); fe-f-v2 carries no threshold, so the
 * figure is the caller's configuration — see FE_RECEIVER_THRESHOLD_LEGAL_2025.
 */
export const FE_RECEIVER_THRESHOLD_DEFAULT = '25000.00';

/** 3 × 408.80 USD (minimum wage for commerce and services from 2025-06-01), per MH-2026-RULES §4. */
export const FE_RECEIVER_THRESHOLD_LEGAL_2025 = '1226.40';
