import { AUTH } from '@cofounder/shared';
import { escapeHtml } from '../../html.ts';
import type { OutgoingMail } from '../../providers/email/port.ts';

/**
 * redirect_to is honoured only for the dashboard origin and CORS_ORIGINS (a relative path counts as the
 * dashboard); anything else falls back to the default page, so our mails can never point to another site.
 */
export function safeRedirect(value: string | undefined, fallbackPath: string, publicUrl: string, extraOrigins: string[]): string {
  const fallback = `${publicUrl}${fallbackPath}`;
  if (!value) return fallback;
  try {
    const url = new URL(value, `${publicUrl}/`);
    const allowed = url.origin === new URL(publicUrl).origin || extraOrigins.includes(url.origin);
    return allowed && (url.protocol === 'http:' || url.protocol === 'https:') ? url.toString() : fallback;
  } catch {
    return fallback;
  }
}

/** The email link: it hits GET /auth/v1/verify on this server, which then redirects to redirect_to. */
export function verifyLink(publicUrl: string, token: string, type: 'signup' | 'recovery', redirectTo: string): string {
  const query = new URLSearchParams({ token, type, redirect_to: redirectTo });
  return `${publicUrl}/auth/v1/verify?${query.toString()}`;
}

const hours = AUTH.emailLinkTtlSeconds / 3600;

function layout(title: string, intro: string, link: string, action: string, code: string, outro: string): string {
  return `<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#111;max-width:560px;margin:auto;padding:24px">
<h1 style="font-size:20px">${escapeHtml(title)}</h1>
<p>${escapeHtml(intro)}</p>
<p><a href="${escapeHtml(link)}" style="display:inline-block;background:#4f46e5;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">${escapeHtml(action)}</a></p>
<p>Or enter this code: <strong style="font-size:18px;letter-spacing:3px">${escapeHtml(code)}</strong></p>
<p style="color:#555;font-size:13px">${escapeHtml(outro)}</p>
</body></html>`;
}

export function confirmationMail(to: string, firstName: string | undefined, link: string, code: string): OutgoingMail {
  const hello = `Hi ${firstName?.trim() || 'there'},`;
  const intro = 'Confirm your email address to finish creating your Cofounder account.';
  const outro = `The link and the code expire in ${hours} hours. If you did not sign up for Cofounder, ignore this email.`;
  return {
    to,
    subject: 'Confirm your email for Cofounder',
    text: `${hello}\n\n${intro}\n\n${link}\n\nOr enter this code on the verification page: ${code}\n\n${outro}\n`,
    html: layout('Confirm your email', `${hello} ${intro}`, link, 'Confirm email', code, outro),
  };
}

export function recoveryMail(to: string, link: string, code: string): OutgoingMail {
  const intro = 'Someone asked to reset the password of your Cofounder account. Open this link to choose a new one:';
  const outro = `The link and the code expire in ${hours} hours. If you did not ask for this, ignore this email: your password stays the same.`;
  return {
    to,
    subject: 'Reset your Cofounder password',
    text: `Hi,\n\n${intro}\n\n${link}\n\nOr enter this code: ${code}\n\n${outro}\n`,
    html: layout('Reset your password', intro, link, 'Reset password', code, outro),
  };
}
