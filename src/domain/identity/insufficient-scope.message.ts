/** The Spanish refusal for a missing scope: the key's, or the role's with a panel session (every door words it the same). */
export function insufficientScopeMessage(scope: string, scheme: string | undefined): string {
  return scheme === 'session'
    ? `Su rol en la cuenta no tiene el permiso "${scope}" que requiere esta operación.`
    : scheme === 'embed_view'
      ? 'La vista incrustada es de solo lectura.'
      : `La llave de API no tiene el permiso "${scope}" que requiere esta operación.`;
}
