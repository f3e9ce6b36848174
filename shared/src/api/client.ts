import type { SendMessageBody } from '../schemas/chat.ts';
import type { UpdateInternSettingsBody } from '../schemas/intern-settings.ts';
import type { OnboardingTurnBody } from '../schemas/onboarding.ts';
import type { PatchTaskBody } from '../schemas/tasks-api.ts';
import type { TaskStatus } from '../schemas/task.ts';
import type { EnableAutonomyBody, UpdateAutonomyBody } from '../schemas/autonomy.ts';
import type { APPROVAL_STATUSES, DecideApprovalBody, PostingSettings } from '../schemas/approvals.ts';
import type {
  ConnectionPlatform,
  SaveConnectionBody,
  ServiceConnectionsBody,
} from '../schemas/connections.ts';
import type { CallToolBody, CallTranscriptBody, RealtimeCleanupBody } from '../schemas/voice.ts';
import type { ContactBody } from '../schemas/contact.ts';
import type { SimulateTextBody } from '../schemas/sms.ts';
import type {
  ApproveEmailBody,
  CreateResearchTaskBody,
  InvestorsQuery,
  UpdateInvestorBody,
} from '../schemas/investors.ts';
import type {
  ChangePlanBody,
  CreateCheckoutBody,
  DowngradeBody,
  LocalCheckoutDecision,
} from '../schemas/billing.ts';
import type { ConfirmActionBody, LaunchVmBody, RunTaskBody, VmAction } from '../schemas/vms.ts';
import type { ModelConnectionInput, ModelConnectionTest } from '../schemas/model-settings.ts';
import { createCaller } from './call.ts';

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

/**
 * One typed client for every JSON endpoint, shared by web and extension. Each method is a call of the route
 * contract (contract.ts), which holds the method, path, auth and schemas; no method writes a path of its own.
 */
export function createApi({
  baseUrl,
  getToken,
  fetch: doFetch = globalThis.fetch.bind(globalThis),
}: ApiOptions) {
  const { call, bearer } = createCaller({ baseUrl, getToken, fetch: doFetch });

  return {
    /** Public server configuration (auth location, provider modes). */
    config: () => call('config'),
    /** The signed-in caller. */
    me: () => call('me'),
    /** Whether the caller finished onboarding (spec 1 §7). */
    onboardingStatus: (userId: string) => call('onboardingStatus', { params: { userId } }),
    /** Marks onboarding complete on the server. */
    completeOnboarding: (userId: string) => call('completeOnboarding', { params: { userId } }),
    /** One turn of the onboarding conversation; an empty text asks for the opening question. */
    onboardingTurn: (userId: string, body: OnboardingTurnBody) =>
      call('onboardingTurn', { params: { userId }, body }),
    /** A page of chat history, oldest first within the page. */
    conversation: (userId: string, page: ConversationPage = {}) =>
      call('conversation', {
        params: { userId },
        query: { before: page.before || undefined, limit: page.limit || undefined },
      }),
    /** Sends a chat message and waits for the whole reply. */
    sendMessage: (userId: string, body: SendMessageBody) => call('sendMessage', { params: { userId }, body }),
    /** Sends a chat message and receives the reply as it is written (see sendMessageStream). */
    // Loaded with the first message: its schemas stay out of pages that never chat.
    sendMessageStream: async (userId: string, body: SendMessageBody, callbacks: StreamCallbacks = {}) =>
      (await import('./chat-stream.ts')).sendMessageStream({
        baseUrl,
        token: await bearer(),
        userId,
        body,
        fetch: doFetch,
        ...callbacks,
      }),
    /** The intern's settings; the defaults when the user never saved any. */
    internSettings: (userId: string) => call('internSettings', { params: { userId } }),
    /** Saves the intern's settings; a 400 names the invalid field. */
    saveInternSettings: (userId: string, body: UpdateInternSettingsBody) =>
      call('saveInternSettings', { params: { userId }, body }),
    /** The caller's tasks with counts per status and summed usage; one status or all. */
    tasks: (userId: string, status: TaskStatus | 'all' = 'all') =>
      call('tasks', { params: { userId }, query: { status: status === 'all' ? undefined : status } }),
    /** Asks the co-founder for new tasks from the founder's profile. */
    generateTasks: (userId: string) => call('generateTasks', { params: { userId }, body: {} }),
    /** Changes a task's allowed fields (description, priority, status). */
    patchTask: (taskId: string, body: PatchTaskBody) => call('patchTask', { params: { taskId }, body }),
    /** Puts failed tasks back in the queue (or pauses them for login); `message` is the text to show. */
    retryFailedTasks: (userId: string) => call('retryFailedTasks', { params: { userId }, body: {} }),
    /** A task with its result, or `result: null` while it has none. */
    taskResult: (taskId: string) => call('taskResult', { params: { taskId } }),
    /** A page of the activity feed, newest first, with stats. */
    activities: (userId: string, page: { limit?: number; page?: number } = {}) =>
      call('activities', {
        params: { userId },
        query: { limit: page.limit || undefined, page: page.page || undefined },
      }),
    /** This month's usage against the plan's limits, or `success: false` with the reason. */
    usageDetails: () => call('usageDetails'),
    /** The caller's autonomy settings (defaults when never set). */
    autonomySettings: (userId: string) => call('autonomySettings', { userId }),
    /** Starts autonomous check-ins (the first runs now); the body may change settings at the same time. */
    enableAutonomy: (userId: string, body: EnableAutonomyBody = {}) =>
      call('enableAutonomy', { userId, body }),
    /** Pauses autonomous check-ins. */
    disableAutonomy: (userId: string) => call('disableAutonomy', { userId, body: {} }),
    /** Saves autonomy settings; a 400 names the invalid field. */
    updateAutonomy: (userId: string, body: UpdateAutonomyBody) => call('updateAutonomy', { userId, body }),
    /** Whether the founder's kill switch has stopped all agent work. */
    agentsStatus: () => call('agentsStatus'),
    /** The kill switch: running steps end at their next check and nothing new starts. */
    stopAgents: () => call('stopAgents', { body: {} }),
    /** Lifts the kill switch. */
    resumeAgents: () => call('resumeAgents', { body: {} }),
    /** Approvals of one status (pending by default), newest first. */
    approvals: (status: (typeof APPROVAL_STATUSES)[number] = 'pending') =>
      call('approvals', { query: { status } }),
    /** Approves (optionally an edited post) or rejects one approval. */
    decideApproval: (id: string, body: DecideApprovalBody) =>
      call('decideApproval', { params: { id }, body }),
    /** Queues a failed approved post again. */
    retryPublish: (id: string) => call('retryPublish', { params: { id }, body: {} }),
    /** Whether drafted posts wait for the founder's approval (on by default). */
    postingSettings: () => call('postingSettings'),
    updatePostingSettings: (body: PostingSettings) => call('updatePostingSettings', { body }),
    /** The caller's social connections by platform (never tokens). */
    connections: () => call('connections'),
    /** Confirms the connection an OAuth callback stored; answers how many paused tasks it resumed. */
    saveConnection: (platform: ConnectionPlatform, body: SaveConnectionBody) =>
      call('saveConnection', { params: { platform }, body }),
    /** A single-use code for the connect window's URL (the window cannot send the bearer; see connectWindowPath). */
    connectCode: (platform: ConnectionPlatform) => call('connectCode', { params: { platform }, body: {} }),
    /** Disconnects a platform (the server also revokes the token there). */
    deleteConnection: (platform: ConnectionPlatform) => call('deleteConnection', { params: { platform } }),
    /** Whether this server can transcribe speech (public: no bearer is needed). */
    transcriptionStatus: () => call('transcriptionStatus'),
    /** Transcribes a recording (multipart upload; the server stops reading past VOICE.maxUploadBytes). */
    transcribe: (audio: Blob, opts: { filename?: string; language?: string; prompt?: string } = {}) => {
      const form = new FormData();
      form.set('audio', audio, opts.filename ?? 'recording.webm');
      if (opts.language) form.set('language', opts.language);
      if (opts.prompt) form.set('prompt', opts.prompt);
      return call('transcribe', { form });
    },
    /** Mints a realtime call session (client secret, where to send the SDP offer, seconds allowed). */
    realtimeSession: (userId: string) => call('realtimeSession', { query: { userId } }),
    /** Ends a call and meters it; keepalive lets it go out while the page unloads. */
    realtimeCleanup: (body: RealtimeCleanupBody) => call('realtimeCleanup', { body, keepalive: true }),
    /** Saves finished utterances of a call into the conversation. */
    saveCallTranscript: (body: CallTranscriptBody) => call('saveCallTranscript', { body }),
    /** Runs a function call the realtime session asked for (create_task). */
    runCallTool: (body: CallToolBody) => call('runCallTool', { body }),
    /** A one-use token that signs the browser extension in as the caller. */
    extensionHandoff: () => call('extensionHandoff', { body: {} }),
    /** Phone integration (Builder plan; spec 2 §7): verification state, polled every 5 s until verified. */
    smsStatus: (userId: string) => call('smsStatus', { params: { userId } }),
    /** A new 6-digit code (15 minutes; replaces the active one). */
    generateSmsCode: (userId: string) => call('generateSmsCode', { params: { userId }, body: {} }),
    /** The recent SMS thread. */
    smsMessages: (userId: string) => call('smsMessages', { params: { userId } }),
    /** Local mode: a text from the founder's phone, through the inbound handler. */
    simulateSms: (userId: string, body: SimulateTextBody) =>
      call('simulateSms', { params: { userId }, body }),
    /** Investor outreach (Builder plan): the founder's investors, filtered and paged (spec 2 §7). */
    investors: (userId: string, query: Partial<InvestorsQuery> = {}) =>
      call('investors', {
        params: { userId },
        query: {
          status: query.status ?? 'all',
          page: query.page ?? 1,
          limit: query.limit ?? 50,
          search: query.search || undefined,
        },
      }),
    pendingEmails: (userId: string) => call('pendingEmails', { params: { userId } }),
    investorAnalytics: (userId: string) => call('investorAnalytics', { params: { userId } }),
    /** AI Research: creates the research task (priority 9) … */
    createResearchTask: (userId: string, body: CreateResearchTaskBody) =>
      call('createResearchTask', { params: { userId }, body }),
    /** … and asks the agent to process it. */
    processResearch: (userId: string, taskId: string) =>
      call('processResearch', { params: { userId }, body: { taskId } }),
    /** Approve & Send (approved true, optionally edited) or Reject (approved false). */
    approveEmail: (userId: string, emailId: string, body: ApproveEmailBody) =>
      call('approveEmail', { params: { userId, emailId }, body }),
    /** Marks a reply (Responded) or a meeting (Meeting Scheduled). */
    updateInvestor: (userId: string, investorId: string, body: UpdateInvestorBody) =>
      call('updateInvestor', { params: { userId, investorId }, body }),
    /** A LinkedIn photo through the server's proxy (allow-listed hosts only). */
    linkedinAvatar: (userId: string, url: string) =>
      call('linkedinAvatar', { params: { userId }, query: { url } }),
    /** The public contact form (no auth; rate-limited per IP). */
    contact: (body: ContactBody) => call('contact', { body }),
    /** Plans and prices (no auth; spec 1 §7 "Billing"). */
    pricing: () => call('pricing'),
    /** The caller's plan, status, renewal and any scheduled change. */
    subscriptionStatus: () => call('subscriptionStatus'),
    /** Starts a checkout for a plan and interval; the browser goes to the returned url. */
    createCheckoutSession: (body: CreateCheckoutBody) => call('createCheckoutSession', { body }),
    /** Whether a checkout session is the caller's and complete (the success page). */
    validateSession: (sessionId: string) => call('validateSession', { body: { sessionId } }),
    /** Schedules a lower plan for the period end (the pricing page's downgrade modal). */
    downgradeSubscription: (body: DowngradeBody) => call('downgradeSubscription', { body }),
    /** Settings → Change Plan. */
    changePlan: (body: ChangePlanBody) => call('changePlan', { body }),
    cancelSubscription: () => call('cancelSubscription', { body: {} }),
    reactivateSubscription: () => call('reactivateSubscription', { body: {} }),
    /** The provider's billing portal (Manage Billing, opened in a new tab). */
    createPortalSession: () => call('createPortalSession', { body: {} }),
    /** Payment History, newest first. */
    invoices: (limit?: number) => call('invoices', { query: { limit: limit || undefined } }),
    /** The order the local checkout page shows (local provider). */
    localCheckout: (sessionId: string) => call('localCheckout', { params: { sessionId } }),
    /** Pays or declines a local checkout; answers where the browser goes next. */
    decideLocalCheckout: (sessionId: string, body: LocalCheckoutDecision) =>
      call('decideLocalCheckout', { params: { sessionId }, body }),
    /** AI computer control (spec 2 §7 "Virtual machines"): the caller's machines, polled every 10 s. */
    vms: () => call('vms'),
    launchVm: (body: LaunchVmBody = {}) => call('launchVm', { body }),
    /** suspend, stop, resume, start or terminate (spec 2 §4 says which states allow which). */
    vmAction: (action: VmAction, id: string) => call('vmAction', { params: { action, id }, body: {} }),
    /** The live view's connection; 409 until the machine's view is ready (the launch modal polls every 4 s). */
    vmVnc: (id: string) => call('vmVnc', { params: { id } }),
    /** Runs a computer-use task; answers when it ends (done, a limit, or Stop). */
    runComputerTask: (id: string, body: RunTaskBody) => call('runComputerTask', { params: { id }, body }),
    vmScreenshot: (id: string) => call('vmScreenshot', { params: { id }, body: {} }),
    /** The latest task on a machine with its decision timeline and any action waiting for a yes. */
    vmTask: (id: string) => call('vmTask', { params: { id } }),
    stopComputerTask: (id: string) => call('stopComputerTask', { params: { id }, body: {} }),
    confirmComputerAction: (id: string, body: ConfirmActionBody) =>
      call('confirmComputerAction', { params: { id }, body }),
    /** Settings → Model: the local model servers the last scan of this machine found (404 outside local mode). */
    localModelServers: () => call('localModelServers'),
    /** "Scan again": probes this machine now; 429 (with the text to show) when asked again too soon. */
    scanLocalModelServers: () => call('scanLocalModelServers', { body: {} }),
    /** Settings → Model: the founder's own connection (key as a hint only) and who answers them now. */
    modelSettings: () => call('getModelSettings'),
    /** Connects (or changes) the founder's model; the co-founder uses it from the next request on. */
    saveModelSettings: (body: ModelConnectionInput) => call('saveModelSettings', { body }),
    /** Back to the server's default model; the saved key is deleted. */
    resetModelSettings: () => call('resetModelSettings'),
    /** Test connection: models list + one-token completion; a failure comes back as ok false with why. */
    testModelConnection: (body: ModelConnectionTest) => call('testModelConnection', { body }),
    /** Pushes the whole connections map after an add or remove (spec 1 §4); the server stores nothing. */
    pushServiceConnections: (connections: ServiceConnectionsBody['connections']) =>
      call('pushServiceConnections', { body: { connections } }),
  };
}

export type Api = ReturnType<typeof createApi>;
