/**
 * A close or reopen links the period to the request's Idempotency-Key record in the commit that
 * changes it, so a retry of a request whose process died answers the period as it is now instead of
 * 409 (already closed / not closed) for a change that did happen.
 */
export const PERIOD_CLOSE = 'fiscal_period_close';
export const PERIOD_REOPEN = 'fiscal_period_reopen';
export const periodResourceId = (emitterId: string, environment: string, period: string) => `${emitterId}/${environment}/${period}`;
