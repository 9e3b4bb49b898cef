import argon2 from 'argon2';

/**
 * Argon2id with OWASP's minimum parameters (m = 19456 KiB, t = 2, p = 1). The hash string carries
 * its parameters, so a later increase still verifies older hashes.
 */
export const ARGON2_PARAMS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, ARGON2_PARAMS);
}

let dummyHash: Promise<string> | null = null;

/**
 * True when `password` matches `hash`. With no hash (unknown e-mail, invitation not accepted) a
 * throw-away hash is checked instead, so the answer takes as long as for a wrong password.
 */
export async function verifyPassword(hash: string | null, password: string): Promise<boolean> {
  if (!hash) {
    dummyHash ??= hashPassword('contraseña de relleno para igualar tiempos');
    await argon2.verify(await dummyHash, password).catch(() => false);
    return false;
  }
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}
