import type { FormErrors } from '@mantine/form';
import type { z } from 'zod';

/** Client-side checks with the very schema the server parses with (one source of truth, packages/schemas). */
export function zodValidate<T>(schema: z.ZodType) {
  return (values: T): FormErrors => {
    const result = schema.safeParse(values);
    if (result.success) return {};
    const errors: FormErrors = {};
    for (const issue of result.error.issues) {
      const key = issue.path.map(String).join('.');
      if (key && !(key in errors)) errors[key] = issue.message;
    }
    return errors;
  };
}
