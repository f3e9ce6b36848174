import { describe, expect, it } from 'vitest';
import { ApiError, CONTACT } from '@cofounder/shared';
import {
  CONTACT_RATE_LIMITED_TEXT,
  EMPTY_CONTACT,
  contactFailureText,
  contactSuccessText,
  firstInvalid,
} from './contact-form.ts';
import { validateContact } from './validate-contact.ts';

const valid = {
  ...EMPTY_CONTACT,
  name: '  Ada Founder ',
  email: 'ada@example.com',
  subject: 'Billing',
  message: 'Where is my invoice?',
};

describe('validateContact (the shared ContactBody schema)', () => {
  it('requires name, email, subject and message, in form order', () => {
    const result = validateContact(EMPTY_CONTACT);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toEqual({
      name: 'Full name is required',
      email: 'Email is required',
      subject: 'Subject is required',
      message: 'Message is required',
    });
    expect(firstInvalid(result.errors)).toBe('name');
    expect(firstInvalid({ message: 'x', email: 'y' })).toBe('email');
  });

  it('rejects whitespace, a bad email, an unknown subject and over-long fields', () => {
    const result = validateContact({
      ...valid,
      name: '   ',
      email: 'ada@',
      subject: 'Jobs',
      company: 'x'.repeat(CONTACT.maxLength.company + 1),
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.name).toBe('Full name is required');
    expect(result.errors.email).toBe('Please enter a valid email address');
    expect(result.errors.subject).toBe('Subject is required');
    expect(result.errors.company).toBe(`Company must be at most ${CONTACT.maxLength.company} characters`);
  });

  it('builds the trimmed body, without an empty company or honeypot', () => {
    expect(validateContact(valid)).toEqual({
      ok: true,
      body: {
        name: 'Ada Founder',
        email: 'ada@example.com',
        subject: 'Billing',
        message: 'Where is my invoice?',
      },
    });
    const trapped = validateContact({ ...valid, company: 'Engines', honeypot: 'bot' });
    expect(trapped.ok && trapped.body).toMatchObject({ company: 'Engines', [CONTACT.honeypotField]: 'bot' });
  });
});

describe('contact texts', () => {
  it("uses the server's message on success, else the spec's text", () => {
    expect(contactSuccessText({ success: true, message: 'Got it!' })).toBe('Got it!');
    expect(contactSuccessText({ success: true, message: '' })).toBe(CONTACT.successText);
  });

  it("shows the server's failure message, the network text, and a 429 fallback", () => {
    expect(contactFailureText(new ApiError(400, 'bad_request', 'Message is too long'))).toBe(
      'Message is too long',
    );
    expect(contactFailureText(new ApiError(429, 'rate_limited', 'Slow down'))).toBe('Slow down');
    expect(contactFailureText(new ApiError(429, 'rate_limited', 'HTTP error! status: 429'))).toBe(
      CONTACT_RATE_LIMITED_TEXT,
    );
    expect(contactFailureText(new TypeError('Failed to fetch'))).toBe(CONTACT.networkErrorText);
  });
});
