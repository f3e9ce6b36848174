import { CONTACT, ContactBody } from '@cofounder/shared';
import { AppError } from '../../http/errors.ts';

const REQUIRED = ['name', 'email', 'subject', 'message'] as const;

/** The subject's own text: the shared schema says "required" for any miss, but a wrong value is not missing. */
const SUBJECT_TEXT = `Subject must be one of: ${CONTACT.subjects.join(', ')}`;

type Fields = Record<string, unknown>;

const isObject = (body: unknown): body is Fields =>
  typeof body === 'object' && body !== null && !Array.isArray(body);
const blank = (value: unknown): boolean =>
  value == null || (typeof value === 'string' && value.trim() === '');

/** True when the hidden field people never see holds anything: a bot sent this. */
export function honeypotFilled(body: unknown): boolean {
  return isObject(body) && !blank(body[CONTACT.honeypotField]);
}

/**
 * The contact body parsed with the shared schema. Every missing required field is named at once
 * ("Missing: name, email"), since the form can lack several; otherwise the first invalid field, as parseInput
 * reports it. 400 validation_failed either way, with `field` the first one at fault.
 */
export function contactInput(body: unknown): ContactBody {
  if (body === undefined)
    throw new AppError('bad_request', 'Send the message as JSON (Content-Type: application/json)');
  if (!isObject(body))
    throw new AppError('validation_failed', 'Expected a JSON object with name, email, subject and message');
  const missing = REQUIRED.filter((field) => blank(body[field]));
  if (missing.length > 0)
    throw new AppError('validation_failed', `Missing: ${missing.join(', ')}`, missing[0]);
  const parsed = ContactBody.safeParse(body);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const field = issue.path.join('.');
  const message = field === 'subject' ? SUBJECT_TEXT : issue.message;
  throw new AppError('validation_failed', field ? `${field}: ${message}` : message, field || undefined);
}
