import { UniqueConstraintViolationException } from '@mikro-orm/core';

export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  if (!(err instanceof UniqueConstraintViolationException)) return false;
  return constraint ? String((err as { constraint?: string }).constraint ?? err.message).includes(constraint) : true;
}
