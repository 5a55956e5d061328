import { router } from '../../trpc';
import { loginProcedure } from './login';
import { logoutProcedure } from './logout';
import { meProcedure, sessionProcedure } from './me';
import { confirmRegistrationProcedure, registerProcedure } from './register';

export const authRouter = router({
  register: registerProcedure,
  confirmRegistration: confirmRegistrationProcedure,
  login: loginProcedure,
  logout: logoutProcedure,
  me: meProcedure,
  session: sessionProcedure,
});
