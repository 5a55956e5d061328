// The form kit: one typed way to build a form on a zod schema, server errors on their fields.
export { describeError, UNEXPECTED_ERROR_MESSAGE } from './describe-error';
export { FormAlert } from './FormAlert';
export { type SchemaForm, type SchemaFormOptions, useSchemaForm } from './use-schema-form';
export { zodValidate } from './zod-validate';
export { useTypedBeforeHydration } from './typed-before-hydration';
