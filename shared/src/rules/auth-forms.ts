import { PASSWORD_MIN_LENGTH } from '../constants.ts';

/** The basic x@y.z address pattern of spec 1 §5. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Exact validation texts of spec 1 §5. */
export const AUTH_FORM_TEXT = {
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  passwordRequired: 'Password is required',
  fixErrors: 'Please fix the errors below',
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  passwordTooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters long`,
  confirmRequired: 'Please confirm your password',
  passwordsMismatch: 'Passwords do not match',
  forgotEmailRequired: 'Please enter your email address',
} as const;

/** Field name → error text; an empty object means the form is valid. */
export type FormErrors<K extends string> = Partial<Record<K, string>>;

export interface LoginValues {
  email: string;
  password: string;
}
export interface RegisterValues {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  confirmPassword: string;
}
export interface NewPasswordValues {
  password: string;
  confirmPassword: string;
}

function emailError(email: string, requiredText: string): string | undefined {
  if (!email.trim()) return requiredText;
  if (!EMAIL_PATTERN.test(email.trim())) return AUTH_FORM_TEXT.emailInvalid;
  return undefined;
}

function newPasswordErrors(v: NewPasswordValues): FormErrors<'password' | 'confirmPassword'> {
  const errors: FormErrors<'password' | 'confirmPassword'> = {};
  if (!v.password) errors.password = AUTH_FORM_TEXT.passwordRequired;
  else if (v.password.length < PASSWORD_MIN_LENGTH) errors.password = AUTH_FORM_TEXT.passwordTooShort;
  if (!v.confirmPassword) errors.confirmPassword = AUTH_FORM_TEXT.confirmRequired;
  else if (v.confirmPassword !== v.password) errors.confirmPassword = AUTH_FORM_TEXT.passwordsMismatch;
  return errors;
}

/** Login form rules: email required and well-formed, password required. */
export function validateLogin(v: LoginValues): FormErrors<keyof LoginValues> {
  const errors: FormErrors<keyof LoginValues> = {};
  const email = emailError(v.email, AUTH_FORM_TEXT.emailRequired);
  if (email) errors.email = email;
  if (!v.password) errors.password = AUTH_FORM_TEXT.passwordRequired;
  return errors;
}

/** Registration rules: trimmed names, email, password of at least 8, matching confirmation. */
export function validateRegister(v: RegisterValues): FormErrors<keyof RegisterValues> {
  const errors: FormErrors<keyof RegisterValues> = {};
  if (!v.firstName.trim()) errors.firstName = AUTH_FORM_TEXT.firstNameRequired;
  if (!v.lastName.trim()) errors.lastName = AUTH_FORM_TEXT.lastNameRequired;
  const email = emailError(v.email, AUTH_FORM_TEXT.emailRequired);
  if (email) errors.email = email;
  return { ...errors, ...newPasswordErrors(v) };
}

/** Forgot-password rules: one email, with its own "required" text. */
export function validateForgotPassword(email: string): FormErrors<'email'> {
  const error = emailError(email, AUTH_FORM_TEXT.forgotEmailRequired);
  return error ? { email: error } : {};
}

/** New-password rules: the same as registration's password and confirmation. */
export function validateNewPassword(v: NewPasswordValues): FormErrors<keyof NewPasswordValues> {
  return newPasswordErrors(v);
}

/** True when a rule result has no errors. */
export function isValid(errors: object): boolean {
  return Object.keys(errors).length === 0;
}
