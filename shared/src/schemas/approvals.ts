import { z } from 'zod';
import { POST_LIMITS } from '../constants.ts';
import { ProducedBy } from './provenance.ts';
import { PendingConfirmation } from './vms.ts';

/** A drafted post waiting for the founder's yes (spec: approvals inbox; marketing posts are the first kind). */
export const ApprovalPost = z.discriminatedUnion('platform', [
  z.object({ platform: z.literal('twitter'), text: z.string().trim().min(1).max(POST_LIMITS.tweetMaxChars) }),
  z.object({
    platform: z.literal('reddit'),
    subreddit: z.string().regex(/^[A-Za-z0-9_]{2,21}$/),
    title: z.string().trim().min(1).max(POST_LIMITS.redditTitleMaxChars),
    body: z.string().trim().min(1).max(POST_LIMITS.redditBodyMaxChars),
  }),
]);
export type ApprovalPost = z.infer<typeof ApprovalPost>;

export const APPROVAL_STATUSES = ['pending', 'approved', 'rejected'] as const;

/**
 * What became of an approved post: queued (a job will publish it; `nextAttemptAt` when it waits for a rate-limit
 * window or a back-off), waiting_connection (its platform is not connected; connecting it queues the post),
 * published (with the real link), failed (with the reason; the founder can retry).
 */
export const PUBLISH_STATUSES = ['queued', 'waiting_connection', 'published', 'failed'] as const;
export const PublishState = z.object({
  status: z.enum(PUBLISH_STATUSES),
  link: z.string().nullable(),
  error: z.string().nullable(),
  attempts: z.number().int(),
  nextAttemptAt: z.string().nullable(),
  publishedAt: z.string().nullable(),
});
export type PublishState = z.infer<typeof PublishState>;

export const Approval = z.object({
  id: z.string(),
  kind: z.literal('marketing_post'),
  status: z.enum(APPROVAL_STATUSES),
  taskId: z.string().nullable(),
  /** The post as drafted, or as edited when the founder approved an edited version. */
  post: ApprovalPost,
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  /** Null until the post is approved (by the founder, or automatically when approval is off). */
  publish: PublishState.nullable(),
  /** The model that drafted the post, or 'offline'. */
  producedBy: ProducedBy,
});
export type Approval = z.infer<typeof Approval>;

/** GET /api/approvals?status= (default pending): newest first. */
export const ApprovalsQuery = z.object({ status: z.enum(APPROVAL_STATUSES).default('pending') });
export const ApprovalsResponse = z.object({
  success: z.literal(true),
  approvals: z.array(Approval),
  /** Sensitive computer actions waiting for a yes (issue 12 §3); listed on the pending tab only. */
  computerActions: z.array(PendingConfirmation).default([]),
});
export type ApprovalsResponse = z.infer<typeof ApprovalsResponse>;

/** POST /api/approvals/{id}: approve (optionally with an edited post of the same platform) or reject. */
export const DecideApprovalBody = z
  .object({ decision: z.enum(['approve', 'reject']), edited: ApprovalPost.optional() })
  .strict();
export type DecideApprovalBody = z.infer<typeof DecideApprovalBody>;
export const DecideApprovalResponse = z.object({ success: z.literal(true), approval: Approval });
export type DecideApprovalResponse = z.infer<typeof DecideApprovalResponse>;

/** POST /api/approvals/{id}/publish: queues a failed (or connection-waiting) approved post again. */
export const RetryPublishResponse = DecideApprovalResponse;
export type RetryPublishResponse = DecideApprovalResponse;

/** The founder's posting preference; "Approve before posting" is on unless they turn it off. */
export const PostingSettings = z.object({ approveBeforePosting: z.boolean() }).strict();
export type PostingSettings = z.infer<typeof PostingSettings>;
export const DEFAULT_POSTING_SETTINGS: PostingSettings = { approveBeforePosting: true };

/** GET and PUT /api/user/posting-settings (PUT body: PostingSettings). */
export const PostingSettingsResponse = z.object({ success: z.literal(true), settings: PostingSettings });
export type PostingSettingsResponse = z.infer<typeof PostingSettingsResponse>;
