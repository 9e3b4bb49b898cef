export type SignerErrorCode = 'signing_key_invalid' | 'signing_payload_invalid';

/** A programming or set-up error when signing (wrong key type, non-text payload). Spanish message. */
export class SignerError extends Error {
  constructor(
    readonly code: SignerErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'SignerError';
  }
}
