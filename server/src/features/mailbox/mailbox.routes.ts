import Router from '@koa/router';
import type { Context } from 'koa';
import type { Db } from '../../db/client.ts';
import { listMail } from '../../providers/email/mailbox-store.ts';
import { mailboxPage } from './mailbox.page.ts';

const toParam = (ctx: Context): string | null => (typeof ctx.query.to === 'string' && ctx.query.to.trim() ? ctx.query.to : null);

/**
 * The dev mailbox (local email only): GET /dev/mailbox is a page for people, /dev/mailbox/messages the same
 * list as JSON for tests and scripts. No sign-in: it exists so a local install works without an SMTP server.
 */
export function mailboxRouter(db: Db): Router {
  const router = new Router({ prefix: '/dev/mailbox' });
  router.get('/', async (ctx) => {
    const to = toParam(ctx);
    ctx.type = 'html';
    ctx.set('Cache-Control', 'no-store');
    // Mail text is escaped; the policy is a second wall should a future change forget to.
    ctx.set('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'");
    ctx.body = mailboxPage(await listMail(db, to), to);
  });
  router.get('/messages', async (ctx) => {
    const rows = await listMail(db, toParam(ctx));
    ctx.set('Cache-Control', 'no-store');
    ctx.body = {
      messages: rows.map((m) => ({
        id: m.id,
        to: m.to,
        subject: m.subject,
        text: m.text,
        html: m.html,
        replyTo: m.replyTo,
        fromName: m.fromName,
        links: m.links,
        createdAt: m.createdAt.toISOString(),
      })),
    };
  });
  return router;
}
