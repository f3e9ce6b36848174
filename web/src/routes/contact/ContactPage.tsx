import { Clock, Mail } from 'lucide-react';
import { CONTACT } from '@cofounder/shared';
import { ContactFaq } from '../../features/contact/ContactFaq.tsx';
import { ContactForm } from '../../features/contact/ContactForm.tsx';

/** /contact (spec 1 §2 "Contact page"): the form, the response promise and the FAQ. */
export function ContactPage() {
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-12 sm:px-6">
      <header className="max-w-2xl">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl dark:text-white">
          Contact Us
        </h1>
        <p className="mt-3 text-lg text-slate-600 dark:text-slate-300">
          Questions about your AI co-founder, a demo for your team, a partnership or a billing matter? Send us
          a message.
        </p>
        <p className="mt-4 inline-flex items-center gap-2 rounded-full bg-emerald-50 px-3 py-1 text-sm font-medium text-emerald-800 dark:bg-emerald-500/15 dark:text-emerald-300">
          <Clock className="size-4" aria-hidden="true" />
          We reply within {CONTACT.responseHours} hours
        </p>
      </header>
      <div className="mt-10 grid gap-10 lg:grid-cols-5">
        <section
          aria-labelledby="contact-form-heading"
          className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm lg:col-span-3 dark:border-slate-800 dark:bg-slate-950"
        >
          <h2
            id="contact-form-heading"
            className="mb-5 flex items-center gap-2 text-xl font-semibold text-slate-900 dark:text-white"
          >
            <Mail className="size-5 text-indigo-600 dark:text-indigo-400" aria-hidden="true" />
            Send us a message
          </h2>
          <ContactForm />
        </section>
        <div className="lg:col-span-2">
          <ContactFaq />
        </div>
      </div>
    </div>
  );
}
