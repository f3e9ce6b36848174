import { CONTACT, ContactBody, type FormErrors } from '@cofounder/shared';
import { CONTACT_FIELDS, type ContactField, type ContactValues } from './contact-form.ts';

// Apart from contact-form.ts: the form loads this (and zod with it) on its first submit, so the contact page's
// download carries no schema (issue 26).

/**
 * Validates with the same zod schema the server uses, so the rules live once. Returns the request body or the
 * first message per field.
 */
export function validateContact(
  values: ContactValues,
): { ok: true; body: ContactBody } | { ok: false; errors: FormErrors<ContactField> } {
  const input: Record<string, unknown> = {
    name: values.name,
    email: values.email,
    subject: values.subject === '' ? undefined : values.subject,
    message: values.message,
  };
  if (values.company.trim()) input.company = values.company;
  // A bot that filled the hidden field still gets a normal answer; the server drops the message.
  if (values.honeypot) input[CONTACT.honeypotField] = values.honeypot;
  const parsed = ContactBody.safeParse(input);
  if (parsed.success) return { ok: true, body: parsed.data };
  const errors: FormErrors<ContactField> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if (typeof field === 'string' && isContactField(field) && !errors[field]) errors[field] = issue.message;
  }
  return { ok: false, errors };
}

function isContactField(name: string): name is ContactField {
  return (CONTACT_FIELDS as readonly string[]).includes(name);
}

