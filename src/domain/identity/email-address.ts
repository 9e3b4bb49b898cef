/** E-mail addresses of panel users: compared case-insensitively, stored trimmed and in lower case. */
export function normalizeEmail(text: string): string {
  return text.trim().toLowerCase();
}

/** A plausible address (one `@`, no spaces, a dot in the domain), at most 254 characters. */
export function isEmailAddress(text: string): boolean {
  if (text.length > 254 || !/^[^\s@<>"(),;:]+$/.test(text.replace('@', ''))) return false;
  const at = text.indexOf('@');
  const domain = text.slice(at + 1);
  return at > 0 && !domain.includes('@') && domain.indexOf('.') > 0 && !domain.endsWith('.');
}
