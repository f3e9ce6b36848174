import { z } from 'zod';
import { CHAT, MESSAGE_VIA } from '../constants.ts';
import { AiResponse } from './onboarding.ts';

/**
 * The page a founder attached to a message from the extension's side panel ("Use this page" or a selection sent
 * with "Ask my co-founder"): read only when they ask, given to the co-founder as context for that one reply.
 */
export const PageContext = z.object({
  title: z.string().trim().max(300),
  url: z.string().url().max(2000),
  selection: z.string().max(5000).optional(),
});
export type PageContext = z.infer<typeof PageContext>;

/** A chat message (spec 1 §3): role user or intern; flags mark special messages. */
export const ChatMessage = z.object({
  id: z.string(),
  role: z.enum(['user', 'intern']),
  text: z.string(),
  /** ISO 8601. */
  timestamp: z.string(),
  isWelcomeMessage: z.boolean().optional(),
  isTaskNotification: z.boolean().optional(),
  isTransition: z.boolean().optional(),
  /** A user message sent with a page attached: the history shows "📎 {title}" under it. */
  pageContext: PageContext.optional(),
  /** The message came in, or its reply went out, by text (sms) or as a voicemail (phone). */
  via: z.enum(MESSAGE_VIA).optional(),
  /** An intern reply's producer: the model's name, or 'offline' (labelled an offline draft). */
  producedBy: z.string().optional(),
});
export type ChatMessage = z.infer<typeof ChatMessage>;

/** GET /api/conversation/{userId}?before=&limit=: the newest page, oldest first within the page. */
export const ConversationQuery = z.object({
  before: z.string().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(CHAT.pageSize),
});

export const ConversationResponse = z.object({
  messages: z.array(ChatMessage),
  hasCompletedOnboarding: z.boolean(),
  isFirstWorkingChat: z.boolean(),
  /** More, older messages exist before the first one returned. */
  hasMore: z.boolean(),
});
export type ConversationResponse = z.infer<typeof ConversationResponse>;

/**
 * POST /api/conversation/{userId} body: the message object. Whitespace-only text is refused (400); text over
 * CHAT.maxMessageChars is refused with 413 before validation.
 */
export const SendMessageBody = z.object({
  role: z.literal('user'),
  text: z.string().trim().min(1, 'Message is empty'),
  pageContext: PageContext.optional(),
  /** Client-side id, echoed back so an optimistic message can be matched. */
  id: z.string().max(100).optional(),
  timestamp: z.string().max(40).optional(),
});
export type SendMessageBody = z.infer<typeof SendMessageBody>;

/** The reply: the AI response plus both stored messages (and a task notice when tasks were created). */
export const SendMessageResponse = z.object({
  aiResponse: AiResponse,
  userMessage: ChatMessage,
  internMessage: ChatMessage,
  taskNotification: ChatMessage.nullable(),
});
export type SendMessageResponse = z.infer<typeof SendMessageResponse>;

/**
 * The streamed variant (request `Accept: text/event-stream`): Server-Sent Events
 * `event: delta` `{text}` as the model writes, then `event: done` with SendMessageResponse, or
 * `event: error` with ChatStreamError.
 */
export const ChatStreamDelta = z.object({ text: z.string() });
export const ChatStreamError = z.object({ status: z.number().int(), error: z.string() });
export type ChatStreamError = z.infer<typeof ChatStreamError>;
