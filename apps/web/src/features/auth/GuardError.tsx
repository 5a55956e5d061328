import { ErrorComponent, type ErrorComponentProps } from '@tanstack/react-router';
import { ForbiddenError } from '../../lib/guards';
import { ForbiddenPage } from './ForbiddenPage';

/** errorComponent of a guarded route (lib/guards.ts): a refused role sees the 403 page, other errors the default. */
export function GuardError({ error }: ErrorComponentProps) {
  if (error instanceof ForbiddenError) return <ForbiddenPage />;
  return <ErrorComponent error={error} />;
}
