// The profile form's schema as a module of the web app's own, imported only with `import()` (ProfileEditForm.tsx): the
// barrel's re-export keeps the chunk to packages/schemas/src/profile-edit.ts and what it imports.
export { ZProfileUpdate } from '@rhema/schemas';
