import type OpenAI from 'openai';
import type {
  Response as OpenAiResponse,
  ResponseComputerToolCall,
  ResponseInputItem,
  Tool,
} from 'openai/resources/responses/responses';
import {
  AiError,
  type ComputerObservation,
  type ComputerStep,
  type ComputerUseRequest,
  type ComputerUseSession,
} from './port.ts';
import { usageOf } from './pricing.ts';

// OpenAI's computer-use model through the Responses API: the model asks for one computer_call at a time, we
// answer each with a screenshot of the result (computer_call_output), chained by previous_response_id.

/** Each step's answer is one action and a sentence or two: a bound keeps a confused model from running up cost. */
const MAX_OUTPUT_TOKENS = 1024;

/** The model reports no confidence of its own: every step it takes counts as fairly sure. */
const MODEL_CONFIDENCE = 0.8;
/** OpenAI's reference loop waits this long when the model asks to wait. */
const MODEL_WAIT_MS = 2000;
/** A browser computer has no address bar in its screenshots: opening a page is this function (as in OpenAI's sample app). */
const OPEN_URL = 'open_url';
/** The model ends a task by calling this, saying whether it did all of it (a plain message is not a yes). */
const FINISH_TASK = 'finish_task';

const INSTRUCTIONS = [
  'You operate a web browser for a startup founder to carry out their task. Work step by step from the screenshots.',
  `To open a web page, call ${OPEN_URL} with its full address; there is no address bar.`,
  'Never submit a payment, a password or a public post (a tweet, a comment, a published article) unless the founder has',
  'confirmed it: the browser asks them before such an action runs, so go ahead only with what the task asks for.',
  `When the task is finished, or cannot be finished, stop using the computer and call ${FINISH_TASK}: completed is`,
  'true only if every part of the task was carried out; the summary says in one or two sentences what you did or why',
  'you could not. Never repeat a password or card number you typed.',
].join(' ');

const KEY_NAMES: Record<string, string> = {
  CTRL: 'Control',
  CONTROL: 'Control',
  CMD: 'Meta',
  COMMAND: 'Meta',
  META: 'Meta',
  SUPER: 'Meta',
  WIN: 'Meta',
  ALT: 'Alt',
  OPTION: 'Alt',
  SHIFT: 'Shift',
  ENTER: 'Enter',
  RETURN: 'Enter',
  ESC: 'Escape',
  ESCAPE: 'Escape',
  TAB: 'Tab',
  SPACE: 'Space',
  BACKSPACE: 'Backspace',
  DELETE: 'Delete',
  DEL: 'Delete',
  INSERT: 'Insert',
  HOME: 'Home',
  END: 'End',
  PAGEUP: 'PageUp',
  PAGEDOWN: 'PageDown',
  UP: 'ArrowUp',
  DOWN: 'ArrowDown',
  LEFT: 'ArrowLeft',
  RIGHT: 'ArrowRight',
  ARROWUP: 'ArrowUp',
  ARROWDOWN: 'ArrowDown',
  ARROWLEFT: 'ArrowLeft',
  ARROWRIGHT: 'ArrowRight',
  CAPSLOCK: 'CapsLock',
};

/** The model's key names ("CTRL", "ENTER", "a") as Playwright's, joined with + for a chord. */
export function playwrightKeys(keys: string[]): string {
  return keys
    .map((key) => {
      const upper = key
        .trim()
        .toUpperCase()
        .replace(/[\s_-]/g, '');
      if (KEY_NAMES[upper]) return KEY_NAMES[upper];
      if (/^F\d{1,2}$/.test(upper)) return upper;
      // A letter in a chord is the key itself ("Control+a"); an upper-case one would add Shift.
      return key.length === 1 ? key.toLowerCase() : key;
    })
    .join('+');
}

type Planned = Pick<ComputerStep, 'action' | 'coordinate' | 'text'> &
  Partial<Pick<ComputerStep, 'scroll' | 'waitMs'>> & { note?: string };

/** One computer_call action as the step the loop runs. */
function plannedOf(action: NonNullable<ResponseComputerToolCall['action']>): Planned {
  const none = { coordinate: null, text: null };
  switch (action.type) {
    case 'click':
      // The browser's back and forward buttons are keys; other buttons click where the model points.
      if (action.button === 'back' || action.button === 'forward') {
        return {
          action: 'key',
          coordinate: null,
          text: action.button === 'back' ? 'Alt+ArrowLeft' : 'Alt+ArrowRight',
        };
      }
      return { action: 'click', coordinate: { x: action.x, y: action.y }, text: null };
    case 'double_click':
      return { action: 'double_click', coordinate: { x: action.x, y: action.y }, text: null };
    case 'type':
      return { action: 'type', ...none, text: action.text };
    case 'keypress':
      return { action: 'key', ...none, text: playwrightKeys(action.keys) };
    case 'scroll':
      return {
        action: 'scroll',
        coordinate: { x: action.x, y: action.y },
        text: null,
        scroll: { dx: action.scroll_x, dy: action.scroll_y },
      };
    case 'wait':
      return { action: 'wait', ...none, waitMs: MODEL_WAIT_MS };
    case 'screenshot':
      return { action: 'screenshot', ...none };
    case 'move':
    case 'drag':
      // The machines take clicks, keys and scrolls only: the next screenshot shows the model nothing moved.
      return {
        action: 'wait',
        ...none,
        waitMs: 0,
        note: `(${action.type} is not available on this machine)`,
      };
  }
}

const dataUrl = (jpeg: Buffer): string => `data:image/jpeg;base64,${jpeg.toString('base64')}`;

/** The call the model is waiting on an answer for. */
type PendingCall =
  | { kind: 'computer'; callId: string; safetyChecks: ResponseComputerToolCall.PendingSafetyCheck[] }
  | { kind: 'function'; callId: string };

function textsOf(res: OpenAiResponse): { reasoning: string; message: string } {
  const reasoning: string[] = [];
  const message: string[] = [];
  for (const item of res.output ?? []) {
    if (item.type === 'reasoning') reasoning.push(...item.summary.map((s) => s.text));
    if (item.type === 'message') {
      for (const part of item.content) if (part.type === 'output_text') message.push(part.text);
    }
  }
  return { reasoning: reasoning.join(' ').trim(), message: message.join('\n').trim() };
}

/** The url argument of an open_url call, null when the arguments do not carry one. */
function urlArgument(args: string): string | null {
  try {
    const url = (JSON.parse(args) as { url?: unknown }).url;
    return typeof url === 'string' && url.trim() ? url.trim() : null;
  } catch {
    return null;
  }
}

/** The arguments of a finish_task call, null when they are not {completed, summary}. */
function finishArguments(args: string): { completed: boolean; summary: string } | null {
  try {
    const { completed, summary } = JSON.parse(args) as { completed?: unknown; summary?: unknown };
    return typeof completed === 'boolean' && typeof summary === 'string' && summary.trim()
      ? { completed, summary: summary.trim() }
      : null;
  } catch {
    return null;
  }
}

/**
 * A computer-use session for one task. The caller maps thrown SDK errors to AiError (openai.ts); answers it
 * cannot use are AiError already.
 */
/** model: config.ai.computerModel (OPENAI_COMPUTER_MODEL, default computer-use-preview). */
export function createOpenAiComputerSession(
  client: () => Promise<OpenAI>,
  model: string,
  request: ComputerUseRequest,
): ComputerUseSession {
  const tools: Tool[] = [
    {
      type: 'computer_use_preview',
      display_width: request.viewport.width,
      display_height: request.viewport.height,
      environment: 'browser',
    },
    {
      type: 'function',
      name: OPEN_URL,
      description: 'Opens a web page in the browser.',
      parameters: {
        type: 'object',
        properties: { url: { type: 'string', description: 'The full address, with https://' } },
        required: ['url'],
        additionalProperties: false,
      },
      strict: true,
    },
    {
      type: 'function',
      name: FINISH_TASK,
      description: 'Ends the task, saying whether every part of it was carried out.',
      parameters: {
        type: 'object',
        properties: {
          completed: { type: 'boolean', description: 'true only if every part of the task was carried out' },
          summary: { type: 'string', description: 'What was done, or why the task could not be done' },
        },
        required: ['completed', 'summary'],
        additionalProperties: false,
      },
      strict: true,
    },
  ];
  let previousId: string | null = null;
  let pending: PendingCall | null = null;

  /** What the model gets this turn: the task and screen first, then the answer to its last call. */
  function inputFor(observation: ComputerObservation): ResponseInputItem[] {
    const image = dataUrl(observation.screenshot);
    if (!pending) {
      return [
        {
          role: 'user',
          content: [
            { type: 'input_text', text: request.task },
            { type: 'input_image', image_url: image, detail: 'auto' },
          ],
        },
      ];
    }
    const last = observation.lastAction;
    const items: ResponseInputItem[] = [];
    if (pending.kind === 'function') {
      items.push({
        type: 'function_call_output',
        call_id: pending.callId,
        output: [
          { type: 'input_text', text: last?.detail ?? 'Done.' },
          { type: 'input_image', image_url: image, detail: 'auto' },
        ],
      });
    } else {
      items.push({
        type: 'computer_call_output',
        call_id: pending.callId,
        output: { type: 'computer_screenshot', image_url: image },
        // The loop only goes on past a flagged step once the founder approved it.
        ...(pending.safetyChecks.length && last?.result !== 'declined'
          ? {
              acknowledged_safety_checks: pending.safetyChecks.map(({ id, code, message }) => ({
                id,
                code,
                message,
              })),
            }
          : {}),
      });
      // A screenshot shows the page, not that an action was refused: say so in words.
      if (last && last.result !== 'ok') {
        items.push({
          role: 'user',
          content: `That ${last.action} did not work (${last.result}): ${last.detail}`,
        });
      }
    }
    // The founder drove the machine in between (take control): the screen is theirs now, and the model is told so.
    if (observation.founderNote) items.push({ role: 'user', content: observation.founderNote });
    // Taken over from a server process that died: a new conversation, told what the old one did.
    if (observation.resumedNote) items.push({ role: 'user', content: observation.resumedNote });
    return items;
  }

  return {
    async next(observation) {
      const res = await (await client()).responses.create(
        {
          model,
          max_output_tokens: MAX_OUTPUT_TOKENS,
          // Instructions are not carried over by previous_response_id: every call sends them.
          instructions: INSTRUCTIONS,
          tools,
          input: inputFor(observation),
          ...(previousId ? { previous_response_id: previousId } : {}),
          truncation: 'auto',
          reasoning: { summary: 'concise' },
        },
        { signal: request.signal },
      );
      previousId = res.id;
      const usage = usageOf(model, res.usage?.input_tokens ?? 0, res.usage?.output_tokens ?? 0);
      const { reasoning, message } = textsOf(res);
      const call = res.output.find((item) => item.type === 'computer_call' || item.type === 'function_call');

      if (call?.type === 'function_call' && call.name === FINISH_TASK) {
        const finish = finishArguments(call.arguments);
        if (!finish) throw new AiError('bad_output');
        pending = null;
        return {
          thought: reasoning || message || 'The task is over.',
          action: 'done',
          coordinate: null,
          text: finish.summary,
          completed: finish.completed,
          confidence: MODEL_CONFIDENCE,
          usage,
        };
      }
      if (call?.type === 'function_call') {
        if (call.name !== OPEN_URL) throw new AiError('bad_output');
        const url = urlArgument(call.arguments);
        if (!url) throw new AiError('bad_output');
        pending = { kind: 'function', callId: call.call_id };
        const thought = reasoning || message || `Opening ${url}.`;
        return {
          thought,
          action: 'navigate',
          coordinate: null,
          text: url,
          confidence: MODEL_CONFIDENCE,
          usage,
        };
      }
      if (call?.type === 'computer_call') {
        if (!call.action) throw new AiError('bad_output');
        const { note, ...planned } = plannedOf(call.action);
        pending = { kind: 'computer', callId: call.call_id, safetyChecks: call.pending_safety_checks ?? [] };
        const checks = pending.safetyChecks.map(
          (c) => c.message || c.code || 'The model flagged this action.',
        );
        const thought = [reasoning || message || `Next: ${call.action.type}.`, note]
          .filter(Boolean)
          .join(' ');
        return {
          thought,
          ...planned,
          confidence: MODEL_CONFIDENCE,
          ...(checks.length ? { safetyCheck: checks.join(' ') } : {}),
          usage,
        };
      }
      if (!message) throw new AiError('empty');
      pending = null;
      // Words without finish_task (a question, a refusal, a claim): the model stopped without saying it did it all.
      return {
        thought: reasoning || 'The model stopped.',
        action: 'done',
        coordinate: null,
        text: message,
        completed: false,
        confidence: MODEL_CONFIDENCE,
        usage,
      };
    },
  };
}
