import { PASSWORD_HINT, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, passwordTooShort } from '../../../panel/src/lib/password-rules';
import { PASSWORD_MAX_LENGTH as SERVICE_MAX, PASSWORD_MIN_LENGTH as SERVICE_MIN, passwordProblem } from '../../../src/domain/identity/password-policy';

describe("the panel's password rules", () => {
  it('are the service\'s: the same lengths, and the page says the minimum the service enforces', () => {
    expect([PASSWORD_MIN_LENGTH, PASSWORD_MAX_LENGTH]).toEqual([SERVICE_MIN, SERVICE_MAX]);
    expect(PASSWORD_HINT).toBe(`Al menos ${SERVICE_MIN} caracteres, sin su correo ni el nombre de la cuenta, y que no sea de las más usadas; una frase es más fácil de recordar.`);
  });

  it.each([
    ['empty (nothing to say yet)', '', null],
    ['one short', 'x'.repeat(SERVICE_MIN - 1), 'Le falta 1 carácter: debe tener al menos 12.'],
    ['five', 'corta', 'Le faltan 7 caracteres: debe tener al menos 12.'],
    ['the minimum', 'x'.repeat(SERVICE_MIN), null],
    ['emoji count as one character each', '🔒'.repeat(SERVICE_MIN), null],
  ])('%s', (_label, password, problem) => {
    expect(passwordTooShort(password)).toBe(problem);
    // Whatever the panel lets through on length, the service accepts on length too.
    if (password && !problem) expect(passwordProblem(password)).toBeNull();
  });
});

describe('the service\'s password rules', () => {
  const isCommon = (p: string) => ['123qweasdzxc', 'qwertyuiopas'].includes(p.toLowerCase());
  it.each([
    ['a long phrase', 'Una frase larga y propia 2026', null],
    ['too short', 'corta-1', /al menos 12/],
    ['a common one', '123QWEASDZXC', /más usadas/],
    ['the e-mail\'s local part inside', 'xx-Contadora-2026-yy', /correo/],
    ['the local part with accents and dots folded', 'la.con.ta.dora.2026!!', /correo/],
    ['the account name, spaced differently', 'LasBrisas-Comercial? no: comercial las brisas 1', /nombre de la cuenta/],
    ['a short local part is not checked', 'ana-maria-2026-xx', null],
  ])('%s', (_label, password, expected) => {
    const problem = passwordProblem(password, { email: password === 'ana-maria-2026-xx' ? 'an@x.sv' : 'contadora@lasbrisas.com.sv', accountName: 'Comercial Las Brisas', isCommon });
    if (expected === null) expect(problem).toBeNull();
    else expect(problem).toMatch(expected);
  });
});
