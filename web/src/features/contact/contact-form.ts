import { ApiError, CONTACT, type ContactResponse, type FormErrors } from '@cofounder/shared';

/** The form's fields, in the order they appear (the first invalid one gets the focus). */
export const CONTACT_FIELDS = ['name', 'email', 'company', 'subject', 'message'] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];

export type ContactValues = Record<ContactField, string> & { honeypot: string };

export const EMPTY_CONTACT: ContactValues = {
  name: '',
  email: '',
  company: '',
  subject: '',
  message: '',
  honeypot: '',
};

/** Shown above the fields while any is invalid (spec 1 §5: name, email, subject and message are required). */
export const CONTACT_INVALID_TEXT =
  'Please fix the errors below. Name, email, subject and message are required.';

/** A 429 without a readable message from the server. */
export const CONTACT_RATE_LIMITED_TEXT = 'Too many messages sent. Please wait a minute and try again.';

/** The first field with an error, in form order. */
export function firstInvalid(errors: FormErrors<ContactField>): ContactField | null {
  return CONTACT_FIELDS.find((f) => errors[f]) ?? null;
}

/** The success line: the server's own message when it sent one (spec 1 §7 "success and message"). */
export function contactSuccessText(response: ContactResponse): string {
  return response.message.trim() || CONTACT.successText;
}

/** Spec 1 §8 "Contact": the failure message, or the network-error text when the request never got an answer. */
export function contactFailureText(err: unknown): string {
  if (err instanceof ApiError) {
    const generic = err.message.startsWith('HTTP error!') || !err.message.trim();
    if (err.status === 429) return generic ? CONTACT_RATE_LIMITED_TEXT : err.message;
    return generic ? `Your message could not be sent (${err.message}). Please try again.` : err.message;
  }
  return CONTACT.networkErrorText;
}
