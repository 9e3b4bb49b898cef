/** Stable codes of the secret-handling layer (master key and sealed secrets). */
export type CryptoErrorCode =
  | 'master_key_missing'
  | 'master_key_invalid'
  | 'master_key_file_invalid'
  | 'secret_box_key_invalid'
  | 'sealed_secret_malformed'
  | 'sealed_secret_tampered';

/** A failure handling secrets at rest. The message is Spanish and never contains secret material. */
export class CryptoError extends Error {
  constructor(
    readonly code: CryptoErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'CryptoError';
  }
}
