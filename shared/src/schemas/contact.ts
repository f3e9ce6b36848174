import { z } from 'zod';
import { CONTACT } from '../constants.ts';

const max = CONTACT.maxLength;
const required = (label: string, limit: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(limit, `${label} must be at most ${limit} characters`);

/** POST /api/contact (public). Stored and mailed as plain text, never rendered as HTML. */
export const ContactBody = z.object({
  name: required('Full name', max.name),
  email: required('Email', max.email).pipe(z.email('Please enter a valid email address')),
  company: z.string().trim().max(max.company, `Company must be at most ${max.company} characters`).optional(),
  subject: z.enum(CONTACT.subjects, { error: 'Subject is required' }),
  message: required('Message', max.message),
  /** The honeypot: people leave it empty. */
  [CONTACT.honeypotField]: z.string().max(1000).optional(),
});
export type ContactBody = z.infer<typeof ContactBody>;

export const ContactResponse = z.object({ success: z.literal(true), message: z.string() });
export type ContactResponse = z.infer<typeof ContactResponse>;
