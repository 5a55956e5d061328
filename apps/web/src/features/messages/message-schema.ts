// The message box's schema as a module of the web app's own, imported only with `import()` (Composer.tsx): a thread
// page evaluates no schema (nor zod) as it loads, only when the box is first focused or a message is sent.
import { ZSendMessageRequest } from '@rhema/schemas';

export const ZMessageBox = ZSendMessageRequest.pick({ body: true });
