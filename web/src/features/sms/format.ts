/** A North American number as "(415) 555-0123" (with +1); any other E.164 number as it is. */
export function formatPhone(e164: string): string {
  const us = /^\+1(\d{3})(\d{3})(\d{4})$/.exec(e164);
  return us ? `+1 (${us[1]}) ${us[2]}-${us[3]}` : e164;
}

/** An sms: link that opens the messaging app with `body` filled in. */
export function smsHref(number: string, body?: string): string {
  return body ? `sms:${number}?body=${encodeURIComponent(body)}` : `sms:${number}`;
}

/** "Expires in N minutes" (to the nearest minute, at least 1 while still valid), or null once expired. */
export function expiresInText(expiresAt: string, now: number): string | null {
  const ms = new Date(expiresAt).getTime() - now;
  if (!(ms > 0)) return null;
  const minutes = Math.max(1, Math.round(ms / 60_000));
  return `Expires in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
}
