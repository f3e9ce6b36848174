import type {
  ComputerActionType,
  Decision,
  InternSettings,
  OnboardingProfile,
  PageContext,
  ProviderMode,
  TaskAgent,
  TaskStatus,
} from '@cofounder/shared';
import type { z } from 'zod';
import type { PageElement } from '../vm/port.ts';

// The AI provider port. This issue needs chat (streamed and whole) and structured output; transcription,
// realtime voice sessions and computer use join this interface in the issues that bring those features.

export interface AiMessage {
  role: 'user' | 'assistant';
  content: string;
}

/** A task as the co-founder sees it in its context (open work it can refer to). */
export interface ContextTask {
  description: string;
  priority: number;
  status: TaskStatus;
  agent: TaskAgent;
}

/**
 * What the request is about, as data. The real adapter only needs `system` (the prompt already says all of
 * this in words); the offline co-founder has no language model, so it reads the same facts from here.
 */
export interface AiContext {
  profile: OnboardingProfile | null;
  settings: InternSettings;
  /** The founder's open tasks, highest priority first. */
  tasks: ContextTask[];
  /** The page the founder attached to the message being answered (extension side panel), for this reply only. */
  page?: PageContext;
}

export interface ChatRequest {
  system: string;
  /** Oldest first; the last one is the message to answer. */
  messages: AiMessage[];
  context: AiContext;
  /** Upper bound on the reply's length, from the intern's response-length setting. */
  maxTokens: number;
  signal?: AbortSignal;
}

/** The structured outputs the product asks for; the name is also the JSON schema's name. */
export type StructuredName =
  | 'onboarding_turn'
  | 'task_plan'
  | 'research_brief'
  | 'marketing_posts'
  | 'sales_prospects'
  | 'coding_spec'
  | 'pitch_deck_outline'
  | 'pricing_benchmark'
  | 'sales_pipeline'
  | 'cold_email'
  | 'investor_targets'
  | 'investor_web_targets'
  | 'investor_emails';

/** Model tokens a call used and what they cost (offline: zero). */
export interface AiUsage {
  tokens: number;
  costUsd: number;
  /** Some tokens came from a model whose price is not known (a local or self-hosted one): costUsd leaves them out. */
  priceUnknown?: boolean;
}

export interface StructuredRequest<S extends z.ZodType> extends ChatRequest {
  name: StructuredName;
  schema: S;
}

/** A page a web-research answer cites (a url_citation annotation on the answer's text). */
export interface WebSource {
  url: string;
  title: string;
}

/** research(): the structured answer, the pages it cites (deduplicated by URL, in order) and what it cost. */
export interface ResearchResult<T> {
  value: T;
  sources: WebSource[];
  usage: AiUsage;
}

/** What the computer-use model sees each step (issue 12 §3). */
export interface ComputerObservation {
  /** JPEG of the machine's screen. */
  screenshot: Buffer;
  url: string;
  title: string;
  /** Interactive elements with their boxes (empty when the machine only shows pixels). */
  elements: PageElement[];
  /** How the previous step's action went, null on the first step. */
  lastAction: { action: ComputerActionType; result: 'ok' | 'blocked' | 'failed' | 'declined'; detail: string } | null;
  /** The founder took the machine over since the last step and handed it back: what they did, in words. */
  founderNote?: string;
  /** The first step of a task taken over from a server process that died: what was done already, in words. */
  resumedNote?: string;
}

/** One step's decision: what the model thought and the single action it takes next. */
export interface ComputerStep {
  thought: string;
  action: ComputerActionType;
  coordinate: { x: number; y: number } | null;
  /** Text to type, keys to press ("Enter"), a URL to open, or the done message. */
  text: string | null;
  /**
   * done only: true when every part of the task was carried out; false (or absent) when it could not be, and the
   * done message says why. The loop never guesses this from the message.
   */
  completed?: boolean;
  /** Scroll distance in pixels for scroll, wait length in ms for wait. */
  scroll?: { dx: number; dy: number };
  waitMs?: number;
  confidence: number;
  /** The model flagged this action (OpenAI's pending_safety_checks): ask the founder first. */
  safetyCheck?: string;
  usage: AiUsage;
}

/** A computer-use conversation for one task: the adapter keeps the model's state between steps. */
export interface ComputerUseSession {
  next(observation: ComputerObservation): Promise<ComputerStep>;
}

export interface ComputerUseRequest {
  task: string;
  viewport: { width: number; height: number };
  /** A task taken over from a server process that died: the steps it carried out (the model is told in words too). */
  carriedOut?: Decision[];
  signal?: AbortSignal;
}

export interface AiProvider {
  readonly mode: ProviderMode;
  /** One line for the start-up banner. */
  readonly describe: string;
  /** Who made what this provider answers, stamped on every AI-made artifact: the model's name, or 'offline'. */
  readonly producer: string;
  /** The reply as text deltas, in order, as the model produces them. */
  streamChat(request: ChatRequest): AsyncIterable<string>;
  /** The whole reply at once. */
  complete(request: ChatRequest): Promise<string>;
  /** A reply that parses with `schema` (task plans, onboarding readiness). */
  structured<S extends z.ZodType>(request: StructuredRequest<S>): Promise<z.output<S>>;
  /** structured() with the tokens and estimated cost of the call (agents record them on the task's result). */
  structuredWithUsage<S extends z.ZodType>(
    request: StructuredRequest<S>,
  ): Promise<{ value: z.output<S>; usage: AiUsage }>;
  /**
   * A structured answer researched on the web (OpenAI's Responses API with the web_search tool), with the pages it
   * cites. Only present when the provider can browse (AI_WEB_SEARCH=true): callers fall back to structured().
   */
  research?: <S extends z.ZodType>(request: StructuredRequest<S>) => Promise<ResearchResult<z.output<S>>>;
  /**
   * Starts a computer-use task: OpenAI's computer-use model through the Responses API, or offline a planner that
   * carries out explicit instructions ("open URL", "type … into …", "click the button labelled …").
   */
  startComputerUse(request: ComputerUseRequest): ComputerUseSession;
}

export type AiErrorKind =
  | 'rate_limited'
  | 'unavailable'
  | 'empty'
  | 'bad_output'
  | 'bad_key'
  | 'model_not_found'
  | 'unreachable'
  | 'timeout'
  | 'slow_start';

// What the founder reads: which of the model's own failures happened, in plain words ({model}: the model's name).
const MESSAGES: Record<AiErrorKind, string> = {
  rate_limited: 'The AI service is busy right now. Please try again in a moment.',
  unavailable: 'The AI service is unavailable right now. Please try again.',
  empty: 'No AI response received',
  bad_output: 'The AI returned an answer we could not read. Please try again.',
  bad_key: 'The model server rejected the API key.',
  model_not_found: 'The model "{model}" was not found on the model server.',
  unreachable: 'The model server could not be reached.',
  timeout: 'The model did not answer in time.',
  slow_start: 'The model did not start answering in time.',
};

/** Every provider failure, whatever the adapter: routes turn it into 502 ai_unavailable with this message. */
export class AiError extends Error {
  override name = 'AiError';
  constructor(
    readonly kind: AiErrorKind,
    options?: { cause?: unknown; model?: string },
  ) {
    super(MESSAGES[kind].replace(' "{model}"', options?.model ? ` "${options.model}"` : ''), options);
  }
}

/**
 * Who answers a founder, asked on every request: the model they connected in Settings → Model, else the server's
 * default (its environment's model, or the offline co-founder). Nothing is kept between requests, so a change
 * answers from the next request on in every server process; a reply already streaming finishes on the old one.
 */
export interface AiModels {
  readonly serverDefault: AiProvider;
  forUser(userId: string): Promise<AiProvider>;
}

/** Every founder answered by the same provider (the evaluation suite; tests that need no per-founder model). */
export const fixedModels = (provider: AiProvider): AiModels => ({ serverDefault: provider, forUser: async () => provider });
