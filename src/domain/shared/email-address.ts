/**
 * A strict e-mail address check for recipients: one `@`, a local part of the usual unquoted
 * characters (no leading, trailing or double dots), a domain of dot-separated labels (letters,
 * digits, hyphens; no label starting or ending with a hyphen) ending in a TLD of 2+ letters;
 * at most 254 characters (RFC 5321). No display names, comments, quotes or IP literals.
 */
const EMAIL = /^(?!\.)(?!.*\.\.)[A-Za-z0-9!#$%&'*+/=?^_`{|}~.-]{1,64}(?<!\.)@(?=.{1,253}$)(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}$/;

export const EMAIL_MAX_LENGTH = 254;

export function isEmailAddress(value: string): boolean {
  return value.length <= EMAIL_MAX_LENGTH && EMAIL.test(value);
}
