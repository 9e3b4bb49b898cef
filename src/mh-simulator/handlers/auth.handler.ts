/** `POST /seguridad/auth` (form: `user`, `pwd`): a token for the enrolments of that user whose password matches. */
import type { RequestHandler } from 'express';
import { verifyPassword } from '../auth/password-hash';
import { asObject } from '../documents/signed-document';
import { sendMh } from '../http/mh-reply';
import type { SimulatorContext } from '../simulator-context';

export const AUTH_FAILURE = { status: 'ERROR', error: 'Unauthorized', message: 'Usuario no valido' } as const;

const ROL = {
  nombre: 'Usuario',
  codigo: 'ROLE_USER',
  descripcion: 'Usuario de transmisión de DTE',
  rolSuperior: null,
  nivel: null,
  activo: true,
  permisos: null,
};

export function authHandler(ctx: SimulatorContext): RequestHandler {
  return async (req, res) => {
    // MH reads only the form body; JSON gets the same unhelpful failure as a wrong password.
    const body = req.is('application/x-www-form-urlencoded') ? asObject(req.body) : {};
    const user = typeof body.user === 'string' ? body.user.trim() : '';
    const pwd = typeof body.pwd === 'string' ? body.pwd : '';
    const scopes: { nit: string; environment: string }[] = [];
    if (user !== '' && pwd !== '') {
      for (const e of ctx.state.enrolmentsOfUser(user)) {
        if (await verifyPassword(pwd, e.passwordHash)) scopes.push({ nit: e.nit, environment: e.environment });
      }
    }
    if (scopes.length === 0) {
      ctx.counters.authFailed++;
      sendMh(res, 401, AUTH_FAILURE);
      return;
    }
    ctx.counters.authOk++;
    sendMh(res, 200, { status: 'OK', body: { user, token: ctx.tokens.issue(user, scopes), rol: ROL, roles: [], tokenType: 'Bearer' } });
  };
}
