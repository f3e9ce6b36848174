import { z } from 'zod';
import { ConversationResponse, SendMessageResponse, type SendMessageBody } from '../schemas/chat.ts';
import { PublicConfig } from '../schemas/config.ts';
import { InternSettingsResponse, type UpdateInternSettingsBody } from '../schemas/intern-settings.ts';
import { MeResponse } from '../schemas/me.ts';
import { OnboardingStatus, OnboardingTurnResponse, type OnboardingTurnBody } from '../schemas/onboarding.ts';
import { ActivityResponse } from '../schemas/activity.ts';
import {
  GenerateTasksResponse,
  PatchTaskResponse,
  RetryFailedResponse,
  TaskListResponse,
  TaskResultResponse,
  type PatchTaskBody,
} from '../schemas/tasks-api.ts';
import type { TaskStatus } from '../schemas/task.ts';
import { UsageDetails, UsageDetailsFailure } from '../schemas/usage.ts';
import {
  AutonomySettingsResponse,
  type EnableAutonomyBody,
  type UpdateAutonomyBody,
} from '../schemas/autonomy.ts';
import { AgentsStatusResponse } from '../schemas/agents.ts';
import {
  ApprovalsResponse,
  DecideApprovalResponse,
  PostingSettingsResponse,
  RetryPublishResponse,
  type APPROVAL_STATUSES,
  type DecideApprovalBody,
  type PostingSettings,
} from '../schemas/approvals.ts';
import {
  ConnectCodeResponse,
  ConnectionsResponse,
  SaveConnectionResponse,
  ServiceConnectionsResponse,
  type ConnectionPlatform,
  type SaveConnectionBody,
  type ServiceConnectionsBody,
} from '../schemas/connections.ts';
import {
  CallToolResponse,
  RealtimeSession,
  TranscriptionResponse,
  TranscriptionStatus,
  type CallToolBody,
  type CallTranscriptBody,
  type RealtimeCleanupBody,
} from '../schemas/voice.ts';
import { ExtensionHandoffResponse } from '../schemas/extension.ts';
import { ContactResponse, type ContactBody } from '../schemas/contact.ts';
import {
  GenerateCodeResponse,
  SimulateTextResponse,
  SmsMessagesResponse,
  SmsStatusResponse,
  type SimulateTextBody,
} from '../schemas/sms.ts';
import {
  ApproveEmailResponse,
  AvatarResponse,
  CreateResearchTaskResponse,
  InvestorAnalyticsResponse,
  InvestorsResponse,
  PendingEmailsResponse,
  ProcessResearchResponse,
  UpdateInvestorResponse,
  type ApproveEmailBody,
  type CreateResearchTaskBody,
  type InvestorsQuery,
  type UpdateInvestorBody,
} from '../schemas/investors.ts';
import {
  ChangePlanResponse,
  CreateCheckoutResponse,
  DowngradeResponse,
  InvoicesResponse,
  LocalCheckoutResult,
  LocalCheckoutSession,
  PortalResponse,
  PricingResponse,
  SubscriptionActionResponse,
  SubscriptionStatusResponse,
  ValidateSessionResponse,
  type ChangePlanBody,
  type CreateCheckoutBody,
  type DowngradeBody,
  type LocalCheckoutDecision,
} from '../schemas/billing.ts';
import {
  RunTaskResponse,
  ScreenshotResponse,
  VmListResponse,
  VmResponse,
  VmTaskResponse,
  VncResponse,
  type ConfirmActionBody,
  type LaunchVmBody,
  type RunTaskBody,
  type VmAction,
} from '../schemas/vms.ts';
import { ApiError, apiErrorFrom } from './api-error.ts';
import { sendMessageStream } from './chat-stream.ts';

export { ApiError } from './api-error-class.ts';

export interface ApiOptions {
  /** Server origin, e.g. "" for same origin or "http://localhost:3000". */
  baseUrl: string;
  /** Returns the current access token, or null when signed out. */
  getToken: () => Promise<string | null> | string | null;
  fetch?: typeof fetch;
}

/** A page of history: the newest messages, or those before a message id. */
export interface ConversationPage {
  before?: string;
  limit?: number;
}

export interface StreamCallbacks {
  onDelta?: (text: string) => void;
  signal?: AbortSignal;
}

const Success = z.object({ success: z.literal(true) });
/** The usage endpoint answers `success: false` with a reason instead of failing (spec 1 §7 "Usage"). */
const UsageReply = z.union([UsageDetails, UsageDetailsFailure]);
export type UsageReply = z.infer<typeof UsageReply>;

/** One typed client for every `/api` call, shared by web and extension. */
export function createApi({
  baseUrl,
  getToken,
  fetch: doFetch = globalThis.fetch.bind(globalThis),
}: ApiOptions) {
  async function bearer(): Promise<string> {
    const token = await getToken();
    if (!token) throw new ApiError(401, 'unauthorized', 'Not signed in');
    return token;
  }

  async function request<S extends z.ZodType>(
    method: string,
    path: string,
    schema: S,
    opts: { body?: unknown; form?: FormData; auth?: boolean; userId?: string; keepalive?: boolean } = {},
  ): Promise<z.infer<S>> {
    const headers: Record<string, string> = { accept: 'application/json' };
    // Spec 2 names the caller of the autonomy endpoints in x-user-id (the server checks it against the bearer).
    if (opts.userId !== undefined) headers['x-user-id'] = opts.userId;
    if (opts.auth !== false) headers.authorization = `Bearer ${await bearer()}`;
    if (opts.body !== undefined) headers['content-type'] = 'application/json';
    const res = await doFetch(`${baseUrl}${path}`, {
      method,
      headers,
      // FormData sets its own multipart content type (with the boundary).
      body: opts.form ?? (opts.body === undefined ? undefined : JSON.stringify(opts.body)),
      ...(opts.keepalive ? { keepalive: true } : {}),
    });
    const json: unknown = await res.json().catch(() => null);
    if (!res.ok) throw apiErrorFrom(res.status, json);
    return schema.parse(json);
  }

  const user = (userId: string) => encodeURIComponent(userId);

  return {
    /** Public server configuration (auth location, provider modes). */
    config: () => request('GET', '/api/config', PublicConfig, { auth: false }),
    /** The signed-in caller. */
    me: () => request('GET', '/api/me', MeResponse),
    /** Whether the caller finished onboarding (spec 1 §7). */
    onboardingStatus: (userId: string) =>
      request('GET', `/onboarding/${user(userId)}/status`, OnboardingStatus),
    /** Marks onboarding complete on the server. */
    completeOnboarding: (userId: string) => request('POST', `/onboarding/${user(userId)}/complete`, Success),
    /** One turn of the onboarding conversation; an empty text asks for the opening question. */
    onboardingTurn: (userId: string, body: OnboardingTurnBody) =>
      request('POST', `/api/onboarding/${user(userId)}`, OnboardingTurnResponse, { body }),
    /** A page of chat history, oldest first within the page. */
    conversation: (userId: string, page: ConversationPage = {}) => {
      const query = new URLSearchParams();
      if (page.before) query.set('before', page.before);
      if (page.limit) query.set('limit', String(page.limit));
      const search = query.toString();
      return request(
        'GET',
        `/api/conversation/${user(userId)}${search ? `?${search}` : ''}`,
        ConversationResponse,
      );
    },
    /** Sends a chat message and waits for the whole reply. */
    sendMessage: (userId: string, body: SendMessageBody) =>
      request('POST', `/api/conversation/${user(userId)}`, SendMessageResponse, { body }),
    /** Sends a chat message and receives the reply as it is written (see sendMessageStream). */
    sendMessageStream: async (userId: string, body: SendMessageBody, callbacks: StreamCallbacks = {}) =>
      sendMessageStream({ baseUrl, token: await bearer(), userId, body, fetch: doFetch, ...callbacks }),
    /** The intern's settings; 404 when the user never saved any. */
    internSettings: (userId: string) =>
      request('GET', `/api/users/${user(userId)}/intern-settings`, InternSettingsResponse),
    /** Saves the intern's settings; a 400 names the invalid field. */
    saveInternSettings: (userId: string, body: UpdateInternSettingsBody) =>
      request('POST', `/api/users/${user(userId)}/intern-settings`, InternSettingsResponse, { body }),
    /** The caller's tasks with counts per status and summed usage; one status or all. */
    tasks: (userId: string, status: TaskStatus | 'all' = 'all') =>
      request(
        'GET',
        `/api/tasks/${user(userId)}${status === 'all' ? '' : `?status=${status}`}`,
        TaskListResponse,
      ),
    /** Asks the co-founder for new tasks from the founder's profile. */
    generateTasks: (userId: string) =>
      request('POST', `/api/tasks/${user(userId)}/generate`, GenerateTasksResponse, { body: {} }),
    /** Changes a task's allowed fields (description, priority, status). */
    patchTask: (taskId: string, body: PatchTaskBody) =>
      request('PATCH', `/api/tasks/${encodeURIComponent(taskId)}`, PatchTaskResponse, { body }),
    /** Puts failed tasks back in the queue (or pauses them for login); `message` is the text to show. */
    retryFailedTasks: (userId: string) =>
      request('POST', `/api/tasks/${user(userId)}/retry-failed`, RetryFailedResponse, { body: {} }),
    /** A task with its result, or `result: null` while it has none. */
    taskResult: (taskId: string) =>
      request('GET', `/api/tasks/${encodeURIComponent(taskId)}/result`, TaskResultResponse),
    /** A page of the activity feed, newest first, with stats. */
    activities: (userId: string, page: { limit?: number; page?: number } = {}) => {
      const query = new URLSearchParams();
      if (page.limit) query.set('limit', String(page.limit));
      if (page.page) query.set('page', String(page.page));
      const search = query.toString();
      return request('GET', `/api/activities/${user(userId)}${search ? `?${search}` : ''}`, ActivityResponse);
    },
    /** This month's usage against the plan's limits, or `success: false` with the reason. */
    usageDetails: () => request('GET', '/api/subscription/usage-details', UsageReply),
    /** The caller's autonomy settings (defaults when never set). */
    autonomySettings: (userId: string) =>
      request('GET', '/api/autonomous/settings', AutonomySettingsResponse, { userId }),
    /** Starts autonomous check-ins (the first runs now); the body may change settings at the same time. */
    enableAutonomy: (userId: string, body: EnableAutonomyBody = {}) =>
      request('POST', '/api/autonomous/enable', AutonomySettingsResponse, { userId, body }),
    /** Pauses autonomous check-ins. */
    disableAutonomy: (userId: string) =>
      request('POST', '/api/autonomous/disable', AutonomySettingsResponse, { userId, body: {} }),
    /** Saves autonomy settings; a 400 names the invalid field. */
    updateAutonomy: (userId: string, body: UpdateAutonomyBody) =>
      request('POST', '/api/autonomous/settings', AutonomySettingsResponse, { userId, body }),
    /** Whether the founder's kill switch has stopped all agent work. */
    agentsStatus: () => request('GET', '/api/agents/status', AgentsStatusResponse),
    /** The kill switch: running steps end at their next check and nothing new starts. */
    stopAgents: () => request('POST', '/api/agents/stop', AgentsStatusResponse, { body: {} }),
    /** Lifts the kill switch. */
    resumeAgents: () => request('POST', '/api/agents/resume', AgentsStatusResponse, { body: {} }),
    /** Approvals of one status (pending by default), newest first. */
    approvals: (status: (typeof APPROVAL_STATUSES)[number] = 'pending') =>
      request('GET', `/api/approvals?status=${status}`, ApprovalsResponse),
    /** Approves (optionally an edited post) or rejects one approval. */
    decideApproval: (id: string, body: DecideApprovalBody) =>
      request('POST', `/api/approvals/${encodeURIComponent(id)}`, DecideApprovalResponse, { body }),
    /** Queues a failed approved post again. */
    retryPublish: (id: string) =>
      request('POST', `/api/approvals/${encodeURIComponent(id)}/publish`, RetryPublishResponse, { body: {} }),
    /** Whether drafted posts wait for the founder's approval (on by default). */
    postingSettings: () => request('GET', '/api/user/posting-settings', PostingSettingsResponse),
    updatePostingSettings: (body: PostingSettings) =>
      request('PUT', '/api/user/posting-settings', PostingSettingsResponse, { body }),
    /** The caller's social connections by platform (never tokens). */
    connections: () => request('GET', '/api/user/connections', ConnectionsResponse),
    /** Confirms the connection an OAuth callback stored; answers how many paused tasks it resumed. */
    saveConnection: (platform: ConnectionPlatform, body: SaveConnectionBody) =>
      request('POST', `/api/user/connections/${platform}`, SaveConnectionResponse, { body }),
    /** A single-use code for the connect window's URL (the window cannot send the bearer; see connectWindowPath). */
    connectCode: (platform: ConnectionPlatform) =>
      request('POST', `/api/user/connections/${platform}/code`, ConnectCodeResponse, { body: {} }),
    /** Disconnects a platform (the server also revokes the token there). */
    deleteConnection: (platform: ConnectionPlatform) =>
      request('DELETE', `/api/user/connections/${platform}`, Success),
    /** Whether this server can transcribe speech. */
    transcriptionStatus: () => request('GET', '/transcription/status', TranscriptionStatus),
    /** Transcribes a recording (multipart upload; the server stops reading past VOICE.maxUploadBytes). */
    transcribe: (audio: Blob, opts: { filename?: string; language?: string; prompt?: string } = {}) => {
      const form = new FormData();
      form.set('audio', audio, opts.filename ?? 'recording.webm');
      if (opts.language) form.set('language', opts.language);
      if (opts.prompt) form.set('prompt', opts.prompt);
      return request('POST', '/transcription', TranscriptionResponse, { form });
    },
    /** Mints a realtime call session (client secret, where to send the SDP offer, seconds allowed). */
    realtimeSession: (userId: string) =>
      request('GET', `/api/realtime-voice/session?userId=${user(userId)}`, RealtimeSession),
    /** Ends a call and meters it; keepalive lets it go out while the page unloads. */
    realtimeCleanup: (body: RealtimeCleanupBody) =>
      request('POST', '/api/realtime-voice/cleanup', Success, { body, keepalive: true }),
    /** Saves finished utterances of a call into the conversation. */
    saveCallTranscript: (body: CallTranscriptBody) =>
      request('POST', '/api/realtime-voice/transcript', Success, { body }),
    /** Runs a function call the realtime session asked for (create_task). */
    runCallTool: (body: CallToolBody) =>
      request('POST', '/api/realtime-voice/tool', CallToolResponse, { body }),
    /** A one-use token that signs the browser extension in as the caller. */
    extensionHandoff: () => request('POST', '/api/extension/handoff', ExtensionHandoffResponse, { body: {} }),
    /** Phone integration (Builder plan; spec 2 §7): verification state, polled every 5 s until verified. */
    smsStatus: (userId: string) => request('GET', `/api/sms/status/${user(userId)}`, SmsStatusResponse),
    /** A new 6-digit code (15 minutes; replaces the active one). */
    generateSmsCode: (userId: string) =>
      request('POST', `/api/sms/generate-code/${user(userId)}`, GenerateCodeResponse, { body: {} }),
    /** The recent SMS thread. */
    smsMessages: (userId: string) => request('GET', `/api/sms/messages/${user(userId)}`, SmsMessagesResponse),
    /** Local mode: a text from the founder's phone, through the inbound handler. */
    simulateSms: (userId: string, body: SimulateTextBody) =>
      request('POST', `/api/sms/simulate/${user(userId)}`, SimulateTextResponse, { body }),
    /** Investor outreach (Builder plan): the founder's investors, filtered and paged (spec 2 §7). */
    investors: (userId: string, query: Partial<InvestorsQuery> = {}) => {
      const q = new URLSearchParams({
        status: query.status ?? 'all',
        page: String(query.page ?? 1),
        limit: String(query.limit ?? 50),
      });
      if (query.search) q.set('search', query.search);
      return request('GET', `/api/investor-outreach/${user(userId)}/investors?${q}`, InvestorsResponse);
    },
    pendingEmails: (userId: string) =>
      request('GET', `/api/investor-outreach/${user(userId)}/pending-emails`, PendingEmailsResponse),
    investorAnalytics: (userId: string) =>
      request('GET', `/api/investor-outreach/${user(userId)}/analytics`, InvestorAnalyticsResponse),
    /** AI Research: creates the research task (priority 9) … */
    createResearchTask: (userId: string, body: CreateResearchTaskBody) =>
      request('POST', `/api/investor-outreach/${user(userId)}/create-task`, CreateResearchTaskResponse, { body }),
    /** … and asks the agent to process it. */
    processResearch: (userId: string, taskId: string) =>
      request('POST', `/api/agents/investor-outreach/${user(userId)}/process`, ProcessResearchResponse, {
        body: { taskId },
      }),
    /** Approve & Send (approved true, optionally edited) or Reject (approved false). */
    approveEmail: (userId: string, emailId: string, body: ApproveEmailBody) =>
      request(
        'POST',
        `/api/investor-outreach/${user(userId)}/approve-email/${encodeURIComponent(emailId)}`,
        ApproveEmailResponse,
        { body },
      ),
    /** Marks a reply (Responded) or a meeting (Meeting Scheduled). */
    updateInvestor: (userId: string, investorId: string, body: UpdateInvestorBody) =>
      request(
        'PATCH',
        `/api/investor-outreach/${user(userId)}/investors/${encodeURIComponent(investorId)}`,
        UpdateInvestorResponse,
        { body },
      ),
    /** A LinkedIn photo through the server's proxy (allow-listed hosts only). */
    linkedinAvatar: (userId: string, url: string) =>
      request(
        'GET',
        `/api/investor-outreach/${user(userId)}/linkedin-avatar?url=${encodeURIComponent(url)}`,
        AvatarResponse,
      ),
    /** The public contact form (no auth; rate-limited per IP). */
    contact: (body: ContactBody) => request('POST', '/api/contact', ContactResponse, { body, auth: false }),
    /** Plans and prices (no auth; spec 1 §7 "Billing"). */
    pricing: () => request('GET', '/api/stripe/pricing', PricingResponse, { auth: false }),
    /** The caller's plan, status, renewal and any scheduled change. */
    subscriptionStatus: () => request('GET', '/api/stripe/subscription-status', SubscriptionStatusResponse),
    /** Starts a checkout for a plan and interval; the browser goes to the returned url. */
    createCheckoutSession: (body: CreateCheckoutBody) =>
      request('POST', '/api/stripe/create-checkout-session', CreateCheckoutResponse, { body }),
    /** Whether a checkout session is the caller's and complete (the success page). */
    validateSession: (sessionId: string) =>
      request('POST', '/api/stripe/validate-session', ValidateSessionResponse, { body: { sessionId } }),
    /** Schedules a lower plan for the period end (the pricing page's downgrade modal). */
    downgradeSubscription: (body: DowngradeBody) =>
      request('POST', '/api/stripe/downgrade-subscription', DowngradeResponse, { body }),
    /** Settings → Change Plan. */
    changePlan: (body: ChangePlanBody) => request('POST', '/api/stripe/change-plan', ChangePlanResponse, { body }),
    cancelSubscription: () =>
      request('POST', '/api/stripe/cancel-subscription', SubscriptionActionResponse, { body: {} }),
    reactivateSubscription: () =>
      request('POST', '/api/stripe/reactivate-subscription', SubscriptionActionResponse, { body: {} }),
    /** The provider's billing portal (Manage Billing, opened in a new tab). */
    createPortalSession: () => request('POST', '/api/stripe/create-portal-session', PortalResponse, { body: {} }),
    /** Payment History, newest first. */
    invoices: (limit?: number) =>
      request('GET', `/api/stripe/invoices${limit ? `?limit=${limit}` : ''}`, InvoicesResponse),
    /** The order the local checkout page shows (local provider). */
    localCheckout: (sessionId: string) =>
      request('GET', `/api/stripe/local-checkout/${encodeURIComponent(sessionId)}`, LocalCheckoutSession),
    /** Pays or declines a local checkout; answers where the browser goes next. */
    decideLocalCheckout: (sessionId: string, body: LocalCheckoutDecision) =>
      request('POST', `/api/stripe/local-checkout/${encodeURIComponent(sessionId)}`, LocalCheckoutResult, { body }),
    /** AI computer control (spec 2 §7 "Virtual machines"): the caller's machines, polled every 10 s. */
    vms: () => request('GET', '/api/vms/list', VmListResponse),
    launchVm: (body: LaunchVmBody = {}) => request('POST', '/api/vms/launch', VmResponse, { body }),
    /** suspend, stop, resume, start or terminate (spec 2 §4 says which states allow which). */
    vmAction: (action: VmAction, id: string) =>
      request('POST', `/api/vms/${action}/${encodeURIComponent(id)}`, VmResponse, { body: {} }),
    /** The live view's connection; 409 until the machine's view is ready (the launch modal polls every 4 s). */
    vmVnc: (id: string) => request('GET', `/api/vms/${encodeURIComponent(id)}/vnc`, VncResponse),
    /** Runs a computer-use task; answers when it ends (done, a limit, or Stop). */
    runComputerTask: (id: string, body: RunTaskBody) =>
      request('POST', `/api/computer-use/run-task/${encodeURIComponent(id)}`, RunTaskResponse, { body }),
    vmScreenshot: (id: string) =>
      request('POST', `/api/computer-use/screenshot/${encodeURIComponent(id)}`, ScreenshotResponse, { body: {} }),
    /** The latest task on a machine with its decision timeline and any action waiting for a yes. */
    vmTask: (id: string) => request('GET', `/api/computer-use/task/${encodeURIComponent(id)}`, VmTaskResponse),
    stopComputerTask: (id: string) =>
      request('POST', `/api/computer-use/stop/${encodeURIComponent(id)}`, Success, { body: {} }),
    confirmComputerAction: (id: string, body: ConfirmActionBody) =>
      request('POST', `/api/computer-use/confirm/${encodeURIComponent(id)}`, Success, { body }),
    /** Pushes the whole connections map after an add or remove (spec 1 §4); the server stores nothing. */
    pushServiceConnections: (connections: ServiceConnectionsBody['connections']) =>
      request('POST', '/api/agents/service-connections', ServiceConnectionsResponse, { body: { connections } }),
  };
}

export type Api = ReturnType<typeof createApi>;
