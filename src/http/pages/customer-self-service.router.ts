import express, { Router, type Request, type Response } from 'express';
import { DomainError } from '../../domain/shared/domain-error';
import { ERROR_CODES } from '../../domain/shared/error-codes';
import type { Services } from '../../services/services';
import { CUSTOMER_EDIT_PAGE_PATH } from '../../services/directory/customer-edit-link-token';
import { customerSelfServiceDonePage, customerSelfServiceFormPage, customerSelfServiceRefusedPage } from './customer-self-service.page';

/**
 * The customer self-service page (ADR 0064), outside /v1 and without login: GET shows the form and
 * spends nothing (mail scanners and link previews fetch it freely); only the form's POST saves and
 * spends the link. The token is in the path: request logs show it as `[oculto]` (log-redaction.ts),
 * `Referrer-Policy: no-referrer` keeps it out of other sites' logs, and nothing is cached.
 */
export function customerSelfServiceRouter(services: Services, bodyLimitBytes: number): Router {
  const r = Router();
  const path = `${CUSTOMER_EDIT_PAGE_PATH}:token`;
  r.use(CUSTOMER_EDIT_PAGE_PATH, (_req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('Referrer-Policy', 'no-referrer');
    res.setHeader('X-Robots-Tag', 'noindex');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'");
    next();
  });
  r.get(path, async (req, res) => {
    try {
      const opened = await services.openCustomerEditLink.execute(req.params.token);
      res.type('html').send(customerSelfServiceFormPage({ emitterName: opened.emitterName, values: opened.values, action: actionOf(req) }));
    } catch (err) {
      refused(res, err);
    }
  });
  r.post(path, express.urlencoded({ extended: false, limit: bodyLimitBytes }), async (req, res) => {
    const form = (req.body ?? {}) as Record<string, unknown>;
    try {
      const customer = await services.completeCustomerEditLink.execute(req.params.token, form, { ip: req.ip ?? null, userAgent: req.get('user-agent') ?? null });
      res.type('html').send(customerSelfServiceDonePage(customer.emitter.tradeName ?? customer.emitter.name));
    } catch (err) {
      if (err instanceof DomainError && ERROR_CODES[err.code].status === 422) {
        const opened = await services.openCustomerEditLink.execute(req.params.token).catch(() => null);
        const values = Object.fromEntries(Object.entries(form).map(([k, v]) => [k, typeof v === 'string' ? v : '']));
        return void res.status(422).type('html').send(customerSelfServiceFormPage({ emitterName: opened?.emitterName ?? '', values, errors: err.errors, action: actionOf(req) }));
      }
      refused(res, err);
    }
  });
  return r;
}

const actionOf = (req: Request): string => `${CUSTOMER_EDIT_PAGE_PATH}${encodeURIComponent(String(req.params.token))}`;

function refused(res: Response, err: unknown): void {
  if (!(err instanceof DomainError) || (err.code !== 'customer_edit_link_used' && err.code !== 'customer_edit_link_expired')) throw err;
  const title = err.code === 'customer_edit_link_used' ? 'Este enlace ya fue usado' : 'Este enlace expiró';
  res.status(410).type('html').send(customerSelfServiceRefusedPage(title, err.message));
}
