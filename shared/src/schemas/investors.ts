import { z } from 'zod';
import { INVESTOR_STATUSES, INVESTORS } from '../constants.ts';

// Investor outreach (spec 2 §2, §3, §4, §7): /api/investor-outreach/{userId}/… and
// /api/agents/investor-outreach/{userId}/process. Builder plan and up (the plan gate answers 403 below).

export const InvestorStatusSchema = z.enum(INVESTOR_STATUSES);
export const VerificationLevel = z.enum(['verified', 'partial', 'basic']);
export type VerificationLevel = z.infer<typeof VerificationLevel>;

/** One reason of a match: fits true (a true connection point), false (a reason to skip), null (not known). */
export const MatchReason = z.object({
  about: z.enum(['industry', 'stage', 'geo', 'check']),
  text: z.string(),
  fits: z.boolean().nullable(),
});
export type MatchReason = z.infer<typeof MatchReason>;
/** How well an investor fits the founder (0-100, INVESTORS.match), computed when read from the stored fields. */
export const InvestorMatch = z.object({
  score: z.number().int().min(0).max(100),
  reasons: z.array(MatchReason),
});
export type InvestorMatch = z.infer<typeof InvestorMatch>;

export const Investor = z.object({
  investorId: z.string(),
  name: z.string(),
  firm: z.string().nullable(),
  email: z.string().nullable(),
  linkedin: z.string().nullable(),
  /** Where they invest, e.g. "San Francisco, US". */
  geo: z.string().nullable(),
  status: InvestorStatusSchema,
  /** As found, e.g. "$50k to $250k"; shown through formatCheckSize ("50K - 250K"). */
  check: z.string().nullable(),
  focus: z.array(z.string()),
  thesis: z.string().nullable(),
  stages: z.array(z.string()),
  portfolio: z.array(z.string()),
  recentInvestments: z.array(z.string()),
  /** Where the research found them; null for the bundled sample directory. */
  sourceUrl: z.string().nullable(),
  /**
   * Their photo as research found it: an https URL on one of INVESTORS.avatar.hosts (shown only through the
   * avatar proxy), else null. Never the LinkedIn profile link; the sample directory has none.
   */
  photoUrl: z.string().nullable(),
  foundAt: z.string(),
  lastContactDate: z.string().nullable(),
  /** From the bundled directory of fictional investors (offline research): the UI says so. */
  sample: z.boolean(),
  verification: z.object({ score: z.number().int(), level: VerificationLevel }),
  /** Null until the founder has an onboarding profile to match against. */
  match: InvestorMatch.nullable(),
});
export type Investor = z.infer<typeof Investor>;

/** GET …/investors?status=all&page=1&limit=50&search= */
export const InvestorsQuery = z.object({
  status: z.enum(['all', ...INVESTOR_STATUSES]).default('all'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(INVESTORS.pageSize).default(INVESTORS.pageSize),
  search: z.string().trim().max(200).optional(),
});
export type InvestorsQuery = z.infer<typeof InvestorsQuery>;
export const InvestorsResponse = z.object({
  success: z.literal(true),
  investors: z.array(Investor),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type InvestorsResponse = z.infer<typeof InvestorsResponse>;

/** PATCH …/investors/{investorId}: the founder marks a reply (Responded) or a meeting (Meeting Scheduled). */
export const UpdateInvestorBody = z.object({ status: z.enum(['responded', 'meeting']) });
export type UpdateInvestorBody = z.infer<typeof UpdateInvestorBody>;
export const UpdateInvestorResponse = z.object({ success: z.literal(true), investor: Investor });

export const Personalization = z.object({
  connectionPoints: z.array(z.string()),
  portfolioMentions: z.array(z.string()),
  reasoning: z.string(),
});
export type Personalization = z.infer<typeof Personalization>;

export const PendingEmail = z.object({
  id: z.string(),
  investorId: z.string(),
  investorName: z.string(),
  investorFirm: z.string().nullable(),
  recipientEmail: z.string(),
  subject: z.string(),
  body: z.string(),
  personalization: Personalization,
  createdAt: z.string(),
});
export type PendingEmail = z.infer<typeof PendingEmail>;

/** GET …/pending-emails: drafts waiting for the founder (nothing is sent without approval). */
export const PendingEmailsResponse = z.object({
  success: z.literal(true),
  pendingEmails: z.array(PendingEmail),
});
export type PendingEmailsResponse = z.infer<typeof PendingEmailsResponse>;

/** GET …/analytics */
export const InvestorAnalyticsResponse = z.object({
  success: z.literal(true),
  analytics: z.object({
    total: z.number().int(),
    byStatus: z.record(InvestorStatusSchema, z.number().int()),
    emails: z.object({
      pending: z.number().int(),
      sent: z.number().int(),
      approved: z.number().int(),
      rejected: z.number().int(),
    }),
    /** Responded or meeting over contacted-or-later, in percent (0 when nobody was contacted). */
    responseRate: z.number(),
  }),
});
export type InvestorAnalyticsResponse = z.infer<typeof InvestorAnalyticsResponse>;

/** POST …/create-task: the AI Research button (priority 9). */
export const CreateResearchTaskBody = z.object({
  description: z.string().trim().min(1).max(2000),
  priority: z.number().int().min(1).max(10).default(INVESTORS.researchTaskPriority),
});
export type CreateResearchTaskBody = z.infer<typeof CreateResearchTaskBody>;
export const CreateResearchTaskResponse = z.object({
  success: z.literal(true),
  task: z.object({ id: z.string() }),
});

/** POST /api/agents/investor-outreach/{userId}/process: run the research task now. */
export const ProcessResearchBody = z.object({ taskId: z.string().min(1).max(100) });
export type ProcessResearchBody = z.infer<typeof ProcessResearchBody>;
export const ProcessResearchResponse = z.object({
  success: z.literal(true),
  /** queued: the worker runs it; the page polls the investors and pending emails. */
  status: z.enum(['queued', 'running', 'completed']),
});

/** Header injection: a CR or LF (or other control character) in a subject or address is refused. */
const HeaderSafe = (label: string, max: number) =>
  z
    .string()
    .trim()
    .min(1, `${label} is required`)
    .max(max)
    // eslint-disable-next-line no-control-regex
    .refine((v) => !/[\u0000-\u001f\u007f]/.test(v), `${label} must be a single line`);

/** POST …/approve-email/{emailId}: approved true sends it (optionally edited first), false rejects it. */
export const ApproveEmailBody = z.object({
  approved: z.boolean(),
  subject: HeaderSafe('Subject', 200).optional(),
  body: z.string().trim().min(1).max(20_000).optional(),
});
export type ApproveEmailBody = z.infer<typeof ApproveEmailBody>;
export const ApproveEmailResponse = z.object({
  success: z.literal(true),
  status: z.enum(['sent', 'rejected']),
  message: z.string(),
});
export type ApproveEmailResponse = z.infer<typeof ApproveEmailResponse>;

/** An address a draft may be sent to: one mailbox, no header-injection characters. */
export const RecipientEmail = HeaderSafe('Email', 254).pipe(z.email('Please enter a valid email address'));

/** GET …/linkedin-avatar?url= */
export const AvatarQuery = z.object({ url: z.string().url().max(2000) });
export const AvatarResponse = z.object({ success: z.literal(true), imageUrl: z.string() });
