import { router } from '../../trpc';
import { confirmRegistrationProcedure } from './confirm-registration';
import { loginProcedure } from './login';
import { logoutProcedure } from './logout';
import { meProcedure } from './me';
import { registerProcedure } from './register';
import { sessionProcedure } from './session';

export const authRouter = router({
  register: registerProcedure,
  confirmRegistration: confirmRegistrationProcedure,
  login: loginProcedure,
  logout: logoutProcedure,
  me: meProcedure,
  session: sessionProcedure,
});
