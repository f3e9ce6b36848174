import type { MailboxRow } from '../../db/schema.ts';
import { escapeHtml } from '../../html.ts';

const STYLE = `
:root{color-scheme:light dark;--bg:#fff;--fg:#111;--muted:#666;--card:#f5f5f7;--line:#ddd;--link:#4f46e5}
@media (prefers-color-scheme:dark){:root{--bg:#0f1115;--fg:#e8e8ea;--muted:#9a9aa2;--card:#181b22;--line:#2a2e38;--link:#8b8cf8}}
body{background:var(--bg);color:var(--fg);font:15px/1.5 system-ui,sans-serif;max-width:880px;margin:0 auto;padding:24px}
h1{font-size:22px;margin:0 0 4px}p.note{color:var(--muted);margin:0 0 16px}
form{display:flex;gap:8px;margin-bottom:20px}input{flex:1;padding:8px;border:1px solid var(--line);border-radius:6px;background:var(--card);color:var(--fg)}
button,a.clear{padding:8px 14px;border-radius:6px;border:1px solid var(--line);background:var(--card);color:var(--fg);text-decoration:none;cursor:pointer}
article{background:var(--card);border:1px solid var(--line);border-radius:10px;padding:16px;margin-bottom:14px}
.meta{color:var(--muted);font-size:13px}h2{font-size:17px;margin:4px 0 10px}
pre{white-space:pre-wrap;word-break:break-word;font:14px/1.5 ui-monospace,monospace;margin:0 0 10px}
ul{margin:0;padding-left:20px}a{color:var(--link);word-break:break-all}`;

function mailItem(m: MailboxRow): string {
  const links = m.links.map((l) => `<li><a href="${escapeHtml(l)}">${escapeHtml(l)}</a></li>`).join('');
  return `<article>
<div class="meta">${m.fromName ? `From ${escapeHtml(m.fromName)} · ` : ''}To <strong>${escapeHtml(m.to)}</strong>${m.replyTo ? ` · Reply-To ${escapeHtml(m.replyTo)}` : ''} · <time datetime="${m.createdAt.toISOString()}">${escapeHtml(m.createdAt.toLocaleString('en-GB', { timeZone: 'UTC' }))} UTC</time></div>
<h2>${escapeHtml(m.subject)}</h2>
<pre>${escapeHtml(m.text)}</pre>
${links ? `<div class="meta">Links</div><ul>${links}</ul>` : ''}
</article>`;
}

/** The whole page: self-contained (inline CSS, no scripts), every mail field escaped. */
export function mailboxPage(mails: MailboxRow[], to: string | null): string {
  const list = mails.length ? mails.map(mailItem).join('\n') : `<p class="note">No mail${to ? ` to ${escapeHtml(to)}` : ''} yet.</p>`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Dev mailbox · Cofounder</title><style>${STYLE}</style></head>
<body>
<h1>Dev mailbox</h1>
<p class="note">Local email mode: mail this server sends is kept here instead of being delivered. Newest first.</p>
<form method="get" action="/dev/mailbox"><input type="search" name="to" placeholder="Filter by recipient" value="${escapeHtml(to ?? '')}" aria-label="Recipient">
<button type="submit">Filter</button>${to ? '<a class="clear" href="/dev/mailbox">All mail</a>' : ''}</form>
${list}
</body></html>`;
}
