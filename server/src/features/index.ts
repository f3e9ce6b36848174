import { activitiesRoutes } from './activities/activities.routes.ts';
import { agentControlsRoutes } from './agent-controls/agent-controls.routes.ts';
import { approvalsRoutes } from './approvals/approvals.routes.ts';
import { BILLING_LOCAL_ONLY_PATH, BILLING_PUBLIC_ROUTES, billingRoutes } from './billing/billing.routes.ts';
import { autonomyRoutes } from './autonomy/autonomy.routes.ts';
import { connectionsRoutes } from './connections/connections.routes.ts';
import { computerUseRoutes } from './computer-use/computer-use.routes.ts';
import { configRoutes } from './config/config.routes.ts';
import { CONTACT_PUBLIC_ROUTES, contactRoutes } from './contact/contact.routes.ts';
import { conversationRoutes } from './conversation/conversation.routes.ts';
import { extensionHandoffRoutes } from './extension/handoff.routes.ts';
import { healthRoutes } from './health/health.routes.ts';
import { internSettingsRoutes } from './intern-settings/intern-settings.routes.ts';
import { investorsRoutes } from './investors/investors.routes.ts';
import { meRoutes } from './me/me.routes.ts';
import { modelSettingsRoutes } from './model-settings/model-settings.routes.ts';
import { onboardingRoutes } from './onboarding/onboarding.routes.ts';
import { postingSettingsRoutes } from './publishing/posting-settings.routes.ts';
import { SMS_LOCAL_ONLY_PATH, SMS_PUBLIC_ROUTES, smsRoutes } from './sms/sms.routes.ts';
import { tasksRoutes } from './tasks/tasks.routes.ts';
import type { FeatureRouter } from './types.ts';
import { usageRoutes } from './usage/usage.routes.ts';
import { vmsRoutes } from './vms/vms.routes.ts';
import { realtimeRoutes } from './voice/realtime.routes.ts';
import { transcriptionRoutes } from './voice/transcription.routes.ts';

/** Every /api feature, in mount order. A new area adds its router factory here. */
export const FEATURES: FeatureRouter[] = [
  healthRoutes,
  configRoutes,
  meRoutes,
  onboardingRoutes,
  conversationRoutes,
  internSettingsRoutes,
  usageRoutes,
  tasksRoutes,
  activitiesRoutes,
  autonomyRoutes,
  agentControlsRoutes,
  approvalsRoutes,
  connectionsRoutes,
  postingSettingsRoutes,
  transcriptionRoutes,
  realtimeRoutes,
  extensionHandoffRoutes,
  billingRoutes,
  contactRoutes,
  investorsRoutes,
  smsRoutes,
  vmsRoutes,
  computerUseRoutes,
  modelSettingsRoutes,
];

/**
 * The only /api routes reachable without a bearer token: everything else under /api is refused with 401
 * before any feature code runs. Entries are "METHOD /path"; a trailing "*" matches a path prefix.
 */
/**
 * The local conveniences, which act for every account on the server: they answer this machine only (see
 * http/local-only.ts), whatever else routes them. Any /dev page, the SMS simulator and the local checkout's API.
 */
export const LOCAL_ONLY_PATHS: RegExp[] = [/^\/dev(\/|$)/, SMS_LOCAL_ONLY_PATH, BILLING_LOCAL_ONLY_PATH];

export const PUBLIC_API_ROUTES: string[] = [
  'GET /api/health',
  'GET /api/config',
  ...BILLING_PUBLIC_ROUTES,
  ...CONTACT_PUBLIC_ROUTES,
  ...SMS_PUBLIC_ROUTES,
];
