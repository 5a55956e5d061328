import { Alert } from '@mantine/core';

/** A form's message that belongs to no field (useSchemaForm's formError), announced to screen readers. */
export function FormAlert({ message, title }: { message: string | null; title?: string }) {
  if (!message) return null;
  return (
    <Alert color="red" role="alert" title={title}>
      {message}
    </Alert>
  );
}
