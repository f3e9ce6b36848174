import { randomUUID } from 'node:crypto';

/** A mail as GET /dev/mailbox/messages lists it. */
export interface MailboxMessage {
  id: string;
  to: string;
  subject: string;
  text: string;
  links: string[];
  createdAt: string;
}

/** A fresh address per test so runs never collide. */
export function uniqueEmail(prefix = 'founder'): string {
  return `${prefix}-${randomUUID().slice(0, 8)}@example.com`;
}

/** The newest mail to `email` whose subject matches, polled for a few seconds. */
export async function latestMail(baseURL: string, email: string, subject: RegExp): Promise<MailboxMessage> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const res = await fetch(`${baseURL}/dev/mailbox/messages?to=${encodeURIComponent(email)}`);
    const { messages } = (await res.json()) as { messages: MailboxMessage[] };
    const found = messages.find((m) => subject.test(m.subject));
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`No mail matching ${subject} for ${email}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The first link in a mail that points at the auth verify endpoint. */
export function verifyLink(mail: MailboxMessage): string {
  const link = mail.links.find((l) => l.includes('/auth/v1/verify'));
  if (!link) throw new Error(`No verify link in "${mail.subject}"`);
  return link;
}

/** Signs up through the public auth API without confirming the address. */
export async function signUpUnconfirmed(
  baseURL: string,
  password = 'Str0ng!pass',
): Promise<{ email: string; password: string }> {
  const config = (await (await fetch(`${baseURL}/api/config`)).json()) as { supabaseAnonKey: string };
  const email = uniqueEmail();
  const res = await fetch(`${baseURL}/auth/v1/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', apikey: config.supabaseAnonKey },
    body: JSON.stringify({
      email,
      password,
      data: { first_name: 'Ada', last_name: 'Founder', full_name: 'Ada Founder' },
    }),
  });
  if (!res.ok) throw new Error(`signup failed: ${res.status} ${await res.text()}`);
  return { email, password };
}

/** Signs up through the public auth API and confirms from the dev mailbox, as a user would. */
export async function createConfirmedUser(
  baseURL: string,
  password = 'Str0ng!pass',
): Promise<{ email: string; password: string }> {
  const { email } = await signUpUnconfirmed(baseURL, password);
  const mail = await latestMail(baseURL, email, /confirm/i);
  const confirm = await fetch(verifyLink(mail), { redirect: 'manual' });
  if (confirm.status !== 303 && confirm.status !== 302) throw new Error(`confirm failed: ${confirm.status}`);
  return { email, password };
}
