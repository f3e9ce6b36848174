import type {
  LocalModelServer,
  ModelConnection,
  ModelConnectionInput,
  ModelConnectionKind,
  ModelConnectionTest,
} from '@cofounder/shared';
import { MODEL_TEXT } from './model-texts.ts';

/** "Server default" or one of the kinds a founder connects. */
export type ConnectionChoice = 'server' | ModelConnectionKind;

/** A local server the form can pick: the ones the scan found, and a saved one it did not find this time. */
export type LocalChoice = Pick<LocalModelServer, 'name' | 'baseUrl' | 'models'>;

/** The connection form's fields as typed; each kind reads only its own. */
export interface ConnectionDraft {
  choice: ConnectionChoice;
  /** The OpenAI-compatible server's. */
  baseUrl: string;
  /** The chosen server on this machine. */
  localBaseUrl: string;
  /** Empty: keep the key saved for the same server. */
  apiKey: string;
  chatModel: string;
  researchModel: string;
  computerModel: string;
  /** Speech: OpenAI's own when empty on OpenAI; another server's voice notes only with one named. */
  transcriptionModel: string;
  /** Calls run on OpenAI only. */
  realtimeModel: string;
}

/** A field the form marks invalid, with the words to show. */
export interface FieldProblem {
  field: string | null;
  message: string;
}

/** The form as the saved connection fills it (the key never comes back: the field starts empty). */
export function draftFrom(connection: ModelConnection | null): ConnectionDraft {
  return {
    choice: connection?.kind ?? 'server',
    baseUrl: connection?.kind === 'compatible' ? connection.baseUrl : '',
    localBaseUrl: connection?.kind === 'local' ? connection.baseUrl : '',
    apiKey: '',
    chatModel: connection?.chatModel ?? '',
    researchModel: connection?.researchModel ?? '',
    computerModel: connection?.computerModel ?? '',
    transcriptionModel: connection?.transcriptionModel ?? '',
    realtimeModel: connection?.realtimeModel ?? '',
  };
}

export function localChoices(
  found: readonly LocalModelServer[],
  saved: ModelConnection | null,
): LocalChoice[] {
  if (saved?.kind !== 'local' || found.some((s) => s.baseUrl === saved.baseUrl)) return [...found];
  return [...found, { name: MODEL_TEXT.savedLocalServer, baseUrl: saved.baseUrl, models: [] }];
}

/** On this machine: the server, and its first model unless the one chosen is among its models. */
export function withLocalServer(draft: ConnectionDraft, baseUrl: string, locals: readonly LocalChoice[]) {
  const models = locals.find((s) => s.baseUrl === baseUrl)?.models ?? [];
  const chatModel = models.length === 0 || models.includes(draft.chatModel) ? draft.chatModel : models[0]!;
  return { ...draft, localBaseUrl: baseUrl, chatModel };
}

/** Another connection kind: the key field empties, so a key typed for one server is never sent to another. */
export function withChoice(draft: ConnectionDraft, choice: ConnectionChoice, locals: readonly LocalChoice[]) {
  const next = { ...draft, choice, apiKey: '' };
  if (choice !== 'local') return next;
  return withLocalServer(next, next.localBaseUrl || (locals[0]?.baseUrl ?? ''), locals);
}

/** The server a draft names, as Test connection and Save send it; no key field on this machine's servers. */
function serverOf(draft: ConnectionDraft, kind: ModelConnectionKind) {
  const apiKey = kind === 'local' ? '' : draft.apiKey.trim();
  const baseUrl = kind === 'local' ? draft.localBaseUrl : draft.baseUrl.trim();
  return { kind, ...(kind === 'openai' ? {} : { baseUrl }), ...(apiKey ? { apiKey } : {}) };
}

export function testBody(draft: ConnectionDraft, kind: ModelConnectionKind): ModelConnectionTest {
  const chatModel = draft.chatModel.trim();
  return { ...serverOf(draft, kind), ...(chatModel ? { chatModel } : {}) };
}

export function saveBody(draft: ConnectionDraft, kind: ModelConnectionKind): ModelConnectionInput {
  return {
    ...serverOf(draft, kind),
    chatModel: draft.chatModel.trim(),
    researchModel: draft.researchModel.trim() || null,
    computerModel: draft.computerModel.trim() || null,
    transcriptionModel: draft.transcriptionModel.trim() || null,
    realtimeModel: kind === 'openai' ? draft.realtimeModel.trim() || null : null,
  };
}

/** Whether a test was of the server the draft names now, so its verdict and models list still apply. */
export function sameServer(tested: ModelConnectionTest | undefined, current: ModelConnectionTest): boolean {
  return (
    tested?.kind === current.kind && tested.baseUrl === current.baseUrl && tested.apiKey === current.apiKey
  );
}

/** The shared schema's first complaint about a body, before it is sent (the server checks the same). */
export function problemWith(
  schema: typeof ModelConnectionInput | typeof ModelConnectionTest,
  body: unknown,
): FieldProblem | null {
  const parsed = schema.safeParse(body);
  const issue = parsed.success ? undefined : parsed.error.issues[0];
  return issue
    ? { field: typeof issue.path[0] === 'string' ? issue.path[0] : null, message: issue.message }
    : null;
}
