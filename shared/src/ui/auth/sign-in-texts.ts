/**
 * The sign-in form's own texts, the dashboard's login page and the extension popup alike (spec 1 §8). Plain
 * strings, no zod: the popup's sign-in view loads this module by itself.
 */
export const SIGN_IN_TEXT = {
  email: 'Email',
  password: 'Password',
  showPassword: 'Show password',
  hidePassword: 'Hide password',
  submit: 'Sign In',
  pending: 'Signing in...',
  invalidCredentials: 'Incorrect email or password. If you just registered, please verify your email first.',
} as const;
