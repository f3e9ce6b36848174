/** A mail as GET /dev/mailbox/messages lists it. */
export interface Mail {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  replyTo: string | null;
  fromName: string | null;
  links: string[];
  createdAt: string;
}

export async function mailTo(baseUrl: string, email: string): Promise<Mail[]> {
  const res = await fetch(`${baseUrl}/dev/mailbox/messages?to=${encodeURIComponent(email)}`);
  return ((await res.json()) as { messages: Mail[] }).messages;
}

/** The newest mail to `email` whose subject matches; mail is stored before the API answers, so no polling. */
export async function latestMail(baseUrl: string, email: string, subject: RegExp): Promise<Mail> {
  const found = (await mailTo(baseUrl, email)).find((m) => subject.test(m.subject));
  if (!found) throw new Error(`no mail matching ${subject} to ${email}`);
  return found;
}

export const verifyLinkOf = (mail: Mail): string => {
  const link = mail.links.find((l) => l.includes('/auth/v1/verify'));
  if (!link) throw new Error(`no verify link in "${mail.subject}"`);
  return link;
};

export const codeOf = (mail: Mail): string => {
  const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
  if (!code) throw new Error(`no code in "${mail.subject}"`);
  return code;
};

let counter = 0;
/** A fresh address per test. */
export const uniqueEmail = (prefix = 'founder'): string => `${prefix}-${Date.now().toString(36)}-${++counter}@example.com`;
