import type { SignInFormLook } from '@cofounder/shared/ui';
import { inputBad, inputClass, inputOk, primaryButtonClass } from '../../features/auth/ui/styles.ts';

/** The shared sign-in form in the dashboard's auth look (the same fields as TextField and PasswordField). */
export const LOGIN_FORM_LOOK: SignInFormLook = {
  form: 'space-y-4',
  label: 'mb-1.5 block text-sm font-medium text-slate-700 dark:text-slate-200',
  input: (invalid) => `${inputClass} ${invalid ? inputBad : inputOk}`,
  passwordInput: 'pr-11',
  passwordBox: 'relative',
  reveal:
    'absolute top-1/2 right-1.5 -translate-y-1/2 rounded-md p-1.5 text-slate-500 hover:text-slate-800 focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none dark:text-slate-400 dark:hover:text-slate-100',
  error: 'mt-1.5 text-sm text-red-600 dark:text-red-400',
  submit: primaryButtonClass,
};
