import {
  ApproveEmailBody,
  ApproveEmailResponse,
  AvatarQuery,
  AvatarResponse,
  CreateResearchTaskBody,
  CreateResearchTaskResponse,
  InvestorAnalyticsResponse,
  InvestorsQuery,
  InvestorsResponse,
  PendingEmailsResponse,
  ProcessResearchBody,
  ProcessResearchResponse,
  UpdateInvestorBody,
  UpdateInvestorResponse,
} from '../../schemas/investors.ts';
import type { Endpoints } from './define.ts';

/** Investor outreach (Builder plan; spec 2 §7). */
export const investorsEndpoints = {
  investors: {
    method: 'GET',
    path: '/api/investor-outreach/:userId/investors',
    auth: 'bearer',
    query: InvestorsQuery,
    response: InvestorsResponse,
  },
  /** Marks a reply (Responded) or a meeting (Meeting Scheduled). */
  updateInvestor: {
    method: 'PATCH',
    path: '/api/investor-outreach/:userId/investors/:investorId',
    auth: 'bearer',
    body: UpdateInvestorBody,
    response: UpdateInvestorResponse,
  },
  pendingEmails: {
    method: 'GET',
    path: '/api/investor-outreach/:userId/pending-emails',
    auth: 'bearer',
    response: PendingEmailsResponse,
  },
  investorAnalytics: {
    method: 'GET',
    path: '/api/investor-outreach/:userId/analytics',
    auth: 'bearer',
    response: InvestorAnalyticsResponse,
  },
  /** AI Research: creates the research task … */
  createResearchTask: {
    method: 'POST',
    path: '/api/investor-outreach/:userId/create-task',
    auth: 'bearer',
    body: CreateResearchTaskBody,
    response: CreateResearchTaskResponse,
  },
  /** … and asks the agent to process it. */
  processResearch: {
    method: 'POST',
    path: '/api/agents/investor-outreach/:userId/process',
    auth: 'bearer',
    body: ProcessResearchBody,
    response: ProcessResearchResponse,
  },
  /** Approve & Send or Reject a draft; 502 when the mail server failed. */
  approveEmail: {
    method: 'POST',
    path: '/api/investor-outreach/:userId/approve-email/:emailId',
    auth: 'bearer',
    body: ApproveEmailBody,
    response: ApproveEmailResponse,
  },
  /** A LinkedIn photo through the server's proxy (allow-listed hosts only). */
  linkedinAvatar: {
    method: 'GET',
    path: '/api/investor-outreach/:userId/linkedin-avatar',
    auth: 'bearer',
    query: AvatarQuery,
    response: AvatarResponse,
  },
} as const satisfies Endpoints;
