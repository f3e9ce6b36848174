import { latestMail, uniqueEmail, verifyLinkOf } from './mail.ts';
import type { TestServer } from './server.ts';

export interface TestUser {
  id: string;
  token: string;
  email: string;
}

/** A confirmed, signed-in user of the test server (real sign-up, mailbox link and password sign-in). */
export async function signedInUser(t: TestServer): Promise<TestUser> {
  const email = uniqueEmail();
  const password = 'Str0ng!pass';
  await t.supabase().auth.signUp({ email, password });
  await fetch(verifyLinkOf(await latestMail(t.baseUrl, email, /confirm/i)), { redirect: 'manual' });
  const { data, error } = await t.supabase().auth.signInWithPassword({ email, password });
  if (error || !data.session) throw new Error(`sign-in failed: ${error?.message}`);
  return { id: data.session.user.id, token: data.session.access_token, email };
}

export interface CallOptions {
  token?: string;
  body?: unknown;
  headers?: Record<string, string>;
}

/** fetch against the test server with an optional bearer and JSON body. */
export function call(t: TestServer, method: string, path: string, options: CallOptions = {}): Promise<Response> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  return fetch(`${t.baseUrl}${path}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : typeof options.body === 'string' ? options.body : JSON.stringify(options.body),
  });
}
