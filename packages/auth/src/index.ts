export { hashPassword, verifyPassword } from './password';
