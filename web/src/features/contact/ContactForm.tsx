import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { CONTACT } from '@cofounder/shared';
import { useHydrated } from '@cofounder/shared/ui';
import { useFormErrors } from '../auth/use-form-errors.ts';
import { FormBanner } from '../auth/ui/FormBanner.tsx';
import { inputBad, inputClass, inputOk } from '../auth/ui/styles.ts';
import { SubmitButton } from '../auth/ui/SubmitButton.tsx';
import {
  CONTACT_INVALID_TEXT,
  EMPTY_CONTACT,
  contactFailureText,
  contactSuccessText,
  firstInvalid,
  type ContactField,
  type ContactValues,
} from './contact-form.ts';
import { FormField, fieldA11y } from './FormField.tsx';
import { HoneypotField } from './HoneypotField.tsx';
import { useSendContact } from './use-send-contact.ts';

const fieldId = (field: ContactField) => `contact-${field}`;

/** The contact form of spec 1 §2 / §5 / §7 / §8: validated with the shared schema, sent to POST /api/contact. */
export function ContactForm() {
  const [values, setValues] = useState<ContactValues>(EMPTY_CONTACT);
  const { errors, setErrors, clear, hasErrors } = useFormErrors<ContactField>();
  const [result, setResult] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const send = useSendContact();
  const hydrated = useHydrated();
  const checking = useRef(false);

  const set =
    (field: ContactField) => (e: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) => {
      setValues((v) => ({ ...v, [field]: e.target.value }));
      clear(field);
    };

  const control = (field: ContactField, required: boolean) => ({
    ...fieldA11y(fieldId(field), errors[field], required),
    name: field,
    value: values[field],
    onChange: set(field),
    className: `${inputClass} ${errors[field] ? inputBad : inputOk}`,
  });

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (send.isPending || checking.current) return;
    setResult(null);
    // The shared schema comes with the first submit, not with the page (on the island page, zod with it).
    checking.current = true;
    const { validateContact } = await import('./validate-contact.ts').finally(() => (checking.current = false));
    const checked = validateContact(values);
    if (!checked.ok) {
      setErrors(checked.errors);
      const first = firstInvalid(checked.errors);
      if (first) document.getElementById(fieldId(first))?.focus();
      return;
    }
    setErrors({});
    send.mutate(checked.body, {
      onSuccess: (response) => {
        setResult({ tone: 'success', text: contactSuccessText(response) });
        setValues(EMPTY_CONTACT);
      },
      onError: (err) => setResult({ tone: 'error', text: contactFailureText(err) }),
    });
  }

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate inert={!hydrated} className="relative space-y-5" aria-label="Contact form">
      {result && <FormBanner tone={result.tone}>{result.text}</FormBanner>}
      {hasErrors && <FormBanner tone="error">{CONTACT_INVALID_TEXT}</FormBanner>}
      <p className="text-sm text-slate-600 dark:text-slate-400">
        Fields marked <span aria-hidden="true">*</span>
        <span className="sr-only">with an asterisk</span> are required.
      </p>
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField id={fieldId('name')} label="Full name" required error={errors.name}>
          <input
            type="text"
            autoComplete="name"
            maxLength={CONTACT.maxLength.name}
            {...control('name', true)}
          />
        </FormField>
        <FormField id={fieldId('email')} label="Email" required error={errors.email}>
          <input
            type="email"
            autoComplete="email"
            maxLength={CONTACT.maxLength.email}
            {...control('email', true)}
          />
        </FormField>
        <FormField id={fieldId('company')} label="Company" error={errors.company}>
          <input
            type="text"
            autoComplete="organization"
            maxLength={CONTACT.maxLength.company}
            {...control('company', false)}
          />
        </FormField>
        <FormField id={fieldId('subject')} label="Subject" required error={errors.subject}>
          <select {...control('subject', true)}>
            <option value="">Select a subject</option>
            {CONTACT.subjects.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </FormField>
      </div>
      <FormField id={fieldId('message')} label="Message" required error={errors.message}>
        <textarea rows={6} maxLength={CONTACT.maxLength.message} {...control('message', true)} />
      </FormField>
      <HoneypotField
        value={values.honeypot}
        onChange={(honeypot) => setValues((v) => ({ ...v, honeypot }))}
      />
      <div className="sm:w-48">
        <SubmitButton pending={send.isPending} pendingLabel="Sending...">
          Send Message
        </SubmitButton>
      </div>
    </form>
  );
}
