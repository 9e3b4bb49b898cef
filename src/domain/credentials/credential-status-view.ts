import { z } from 'zod';

/** The environments a credential is stored for, in the order a status list shows them. */
export const CREDENTIAL_ENVIRONMENTS = ['00', '01'] as const;

/**
 * What callers may see of one environment's credential (never the secrets) — THE declaration of the
 * GraphQL `CredentialStatus` type and of the REST emitter's `credentials` items (ADR 0062).
 */
export const credentialStatusView = z
  .object({
    environment: z.enum(CREDENTIAL_ENVIRONMENTS).meta({ gql: 'String' }),
    certificateLoaded: z.boolean(),
    certificateNit: z.string().nullable(),
    mhLoginOk: z.boolean(),
    checkedAt: z.date().nullable(),
    mhUser: z.string().nullable(),
    certificateValidUntil: z.date().nullable(),
    message: z.string().nullable(),
  })
  .meta({ id: 'CredentialStatus' });

export type CredentialStatusView = z.infer<typeof credentialStatusView>;
