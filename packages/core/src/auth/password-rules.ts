import { isCommonPassword } from '@rhema/auth';
import { AppError } from '../errors/app-error';

/** Beyond the length bounds of the schema: the most common passwords are refused (docs/security.md target 1). */
export function assertPasswordAllowed(password: string, field: string, email?: string): void {
  const lower = password.toLowerCase();
  if (isCommonPassword(password) || (email && lower === email.toLowerCase())) {
    throw new AppError(
      'BAD_REQUEST',
      'This password is too common and easy to guess. Please choose another one, for example a few unrelated words.',
      { field },
    );
  }
}
