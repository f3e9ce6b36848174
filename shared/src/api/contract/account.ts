import {
  ConversationQuery,
  ConversationResponse,
  SendMessageBody,
  SendMessageResponse,
} from '../../schemas/chat.ts';
import { HealthResponse, SuccessResponse } from '../../schemas/common.ts';
import { PublicConfig } from '../../schemas/config.ts';
import { ContactBody, ContactResponse } from '../../schemas/contact.ts';
import { ExtensionHandoffResponse } from '../../schemas/extension.ts';
import { InternSettingsResponse, UpdateInternSettingsBody } from '../../schemas/intern-settings.ts';
import { MeResponse } from '../../schemas/me.ts';
import { OnboardingStatus, OnboardingTurnBody, OnboardingTurnResponse } from '../../schemas/onboarding.ts';
import { UsageReply } from '../../schemas/usage.ts';
import type { Endpoints } from './define.ts';

/** The server, the caller, onboarding, the chat and the intern's settings; the public contact form. */
export const accountEndpoints = {
  health: { method: 'GET', path: '/api/health', auth: 'public', response: HealthResponse },
  /** Where auth lives and which providers are local. */
  config: { method: 'GET', path: '/api/config', auth: 'public', response: PublicConfig },
  me: { method: 'GET', path: '/api/me', auth: 'bearer', response: MeResponse },

  // Spec 1 §7 puts status and complete outside /api; they require the bearer all the same.
  onboardingStatus: {
    method: 'GET',
    path: '/onboarding/:userId/status',
    auth: 'bearer',
    response: OnboardingStatus,
  },
  completeOnboarding: {
    method: 'POST',
    path: '/onboarding/:userId/complete',
    auth: 'bearer',
    response: SuccessResponse,
  },
  onboardingTurn: {
    method: 'POST',
    path: '/api/onboarding/:userId',
    auth: 'bearer',
    body: OnboardingTurnBody,
    response: OnboardingTurnResponse,
  },

  conversation: {
    method: 'GET',
    path: '/api/conversation/:userId',
    auth: 'bearer',
    query: ConversationQuery,
    response: ConversationResponse,
  },
  /** JSON, or Server-Sent Events (delta, done, error) when the request accepts text/event-stream (chat-stream.ts). */
  sendMessage: {
    method: 'POST',
    path: '/api/conversation/:userId',
    auth: 'bearer',
    body: SendMessageBody,
    response: SendMessageResponse,
  },

  /** 404 until the founder saved settings. */
  internSettings: {
    method: 'GET',
    path: '/api/users/:userId/intern-settings',
    auth: 'bearer',
    response: InternSettingsResponse,
  },
  saveInternSettings: {
    method: 'POST',
    path: '/api/users/:userId/intern-settings',
    auth: 'bearer',
    body: UpdateInternSettingsBody,
    response: InternSettingsResponse,
  },
  usageDetails: {
    method: 'GET',
    path: '/api/subscription/usage-details',
    auth: 'bearer',
    response: UsageReply,
  },

  /** A one-use token that signs the extension in as the caller (local auth only; 409 with hosted Supabase). */
  extensionHandoff: {
    method: 'POST',
    path: '/api/extension/handoff',
    auth: 'bearer',
    response: ExtensionHandoffResponse,
  },
  /** Rate-limited per client IP; a filled honeypot gets the same success. */
  contact: {
    method: 'POST',
    path: '/api/contact',
    auth: 'public',
    body: ContactBody,
    response: ContactResponse,
  },
} as const satisfies Endpoints;
