import Router from '@koa/router';
import type { Logger } from 'pino';
import { CONTACT, type ContactResponse } from '@cofounder/shared';
import { AppError } from '../../http/errors.ts';
import { reportRateLimit, retryAfterSeconds } from '../../http/rate-limit-state.ts';
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
export const contactRoutes: FeatureRouter = ({ database, email, config, tokenKey, log }) => {
  const contact = createContactService({
    db: database.db,
    email,
    to: config.contact.to,
    secret: tokenKey,
  });
  const router = new Router();

  router.post('/api/contact', async (ctx) => {
    const requestLog: Logger = ctx.state.log ?? log;
    // Every post counts, bots' included: the limit is what stops a flood, whatever it carries.
    const limit = await contact.admit(ctx.ip);
    reportRateLimit(ctx, limit);
    if (!limit.ok) throw AppError.rateLimited(CONTACT_RATE_LIMITED_TEXT, retryAfterSeconds(limit));
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
