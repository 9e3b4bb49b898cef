import { PASSWORD_HINT, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, passwordTooShort } from '../../../panel/src/lib/password-rules';
import { PASSWORD_MAX_LENGTH as SERVICE_MAX, PASSWORD_MIN_LENGTH as SERVICE_MIN, passwordProblem } from '../../../src/domain/identity/password-policy';

describe("the panel's password rules", () => {
  it('are the service\'s: the same lengths, and the page says the minimum the service enforces', () => {
    expect([PASSWORD_MIN_LENGTH, PASSWORD_MAX_LENGTH]).toEqual([SERVICE_MIN, SERVICE_MAX]);
    expect(PASSWORD_HINT).toBe(`Al menos ${SERVICE_MIN} caracteres; una frase es más fácil de recordar.`);
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
