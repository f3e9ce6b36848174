import Router from '@koa/router';
import type { Logger } from 'pino';
import { CONTACT, type ContactResponse } from '@cofounder/shared';
import { AppError } from '../../http/errors.ts';
import type { FeatureRouter } from '../types.ts';
import { contactInput, honeypotFilled } from './contact.input.ts';
import { CONTACT_RATE_LIMITED_TEXT, createContactService } from './contact.service.ts';

/** The public contact route (no bearer): the allow-list in features/index.ts names it. */
export const CONTACT_PUBLIC_ROUTES = ['POST /api/contact'];

const SUCCESS: ContactResponse = { success: true, message: CONTACT.successText };

/**
 * POST /api/contact (spec 1 §2 "Contact page"): rate-limited per client IP (ctx.ip: the socket address unless
 * TRUST_PROXY), validated with the shared ContactBody, stored, then mailed to CONTACT_TO as plain text.
 */
export const contactRoutes: FeatureRouter = ({ database, email, config, tokenKey, now, log }) => {
  const contact = createContactService({
    db: database.db,
    email,
    to: config.contact.to,
    secret: tokenKey,
    now,
  });
  const router = new Router();

  router.post('/api/contact', async (ctx) => {
    const requestLog: Logger = ctx.state.log ?? log;
    // Every post counts, bots' included: the limit is what stops a flood, whatever it carries.
    const retryAfter = contact.admit(ctx.ip);
    if (retryAfter !== null) {
      ctx.set('Retry-After', String(retryAfter));
      throw new AppError('rate_limited', CONTACT_RATE_LIMITED_TEXT);
    }
    const body = ctx.request.body;
    // Checked before validation so a bot learns nothing: the same success, and nothing stored or mailed.
    if (honeypotFilled(body)) {
      requestLog.debug({ ipHash: contact.ipHash(ctx.ip) }, 'contact honeypot filled; message dropped');
      ctx.body = SUCCESS;
      return;
    }
    await contact.submit(contactInput(body), ctx.ip, requestLog);
    ctx.body = SUCCESS;
  });

  return router;
};
