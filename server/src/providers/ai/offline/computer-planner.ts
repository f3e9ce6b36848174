import type { ComputerActionType, Decision } from '@cofounder/shared';
import type { PageElement } from '../../vm/port.ts';
import type { AiUsage, ComputerObservation, ComputerStep, ComputerUseSession } from '../port.ts';

// The offline computer-use "model": no language model, so it carries out explicit instructions only
// ("open URL", "search the web for …", "click the button labelled …", "type … into …", "press …", "scroll",
// "wait", "take a screenshot"), reading the page's elements to find what to click and where to type. Its last
// step says whether every instruction was carried out (completed) or why not. What it types is never repeated in
// its words (it may be a password): the text goes to the machine only.

export const OFFLINE_COMPUTER_HELP =
  'I can only follow explicit steps offline (open a URL, search the web for …, click the button labelled …, type … into …, press …, scroll, take a screenshot). Set OPENAI_API_KEY for open-ended tasks.';

export type Instruction =
  | { kind: 'navigate'; url: string }
  | { kind: 'search'; query: string }
  | { kind: 'click'; label: string; prefer: 'button' | 'link' | null }
  | { kind: 'type'; text: string; field: string }
  | { kind: 'key'; keys: string }
  | { kind: 'scroll'; direction: 'up' | 'down' }
  | { kind: 'wait'; ms: number }
  | { kind: 'screenshot' };

const FREE: AiUsage = { tokens: 0, costUsd: 0 };

/** A clause starts with one of these verbs; a separator only splits before one (so "type salt and pepper into …" stays whole). */
const VERB =
  /^(?:please\s+)?(?:open|go to|visit|navigate to|browse to|load|search|click|tap|press|hit|type|enter|write|fill|scroll|wait|take|capture|grab)\b/i;
const SEPARATORS = [' and then ', ', and then ', ', then ', ', and ', ' then ', '; ', ', ', ' and '];
const QUOTE_PAIRS: Record<string, string> = { '"': '"', '“': '”', '‘': '’', "'": "'" };

/** Splits a task into clauses at separators outside quotes, where the rest starts with a verb. */
export function splitClauses(task: string): string[] {
  const clauses: string[] = [];
  let start = 0;
  let closing: string | null = null;
  for (let i = 0; i < task.length; i++) {
    const ch = task[i]!;
    if (closing) {
      if (ch === closing && (closing !== "'" || !/\w/.test(task[i + 1] ?? ''))) closing = null;
      continue;
    }
    // An apostrophe inside a word ("don't") opens nothing.
    if (ch in QUOTE_PAIRS && (ch !== "'" || !/\w/.test(task[i - 1] ?? ''))) {
      closing = QUOTE_PAIRS[ch]!;
      continue;
    }
    const sep = SEPARATORS.find((s) => task.slice(i, i + s.length).toLowerCase() === s);
    if (sep && VERB.test(task.slice(i + sep.length).trimStart())) {
      clauses.push(task.slice(start, i));
      start = i + sep.length;
      i = start - 1;
    }
  }
  clauses.push(task.slice(start));
  return clauses.map((c) => c.trim()).filter(Boolean);
}

/** Text without the quotes around it. */
function unquote(text: string): string {
  const t = text.trim();
  const close = QUOTE_PAIRS[t[0] ?? ''];
  return close && t.length > 1 && t.endsWith(close) ? t.slice(1, -1) : t;
}

/** An address as typed, made openable: a scheme added (http for local servers, https otherwise). */
function urlOf(raw: string): string | null {
  const text = unquote(raw).replace(/[.,;!]+$/, '');
  if (/\s/.test(text) || !text) return null;
  if (/^[a-z][a-z\d+.-]*:\/\//i.test(text)) return text;
  if (/^(localhost|127\.0\.0\.1)(:\d+)?(\/|$)/i.test(text)) return `http://${text}`;
  return /^[\w-]+(\.[\w-]+)+(:\d+)?(\/.*)?$/.test(text) ? `https://${text}` : null;
}

const KEY_NAMES: Record<string, string> = {
  enter: 'Enter',
  return: 'Enter',
  tab: 'Tab',
  escape: 'Escape',
  esc: 'Escape',
  space: 'Space',
  backspace: 'Backspace',
  delete: 'Delete',
  up: 'ArrowUp',
  down: 'ArrowDown',
  left: 'ArrowLeft',
  right: 'ArrowRight',
  'arrow up': 'ArrowUp',
  'arrow down': 'ArrowDown',
  'arrow left': 'ArrowLeft',
  'arrow right': 'ArrowRight',
  'page down': 'PageDown',
  'page up': 'PageUp',
  home: 'Home',
  end: 'End',
  ctrl: 'Control',
  control: 'Control',
  shift: 'Shift',
  alt: 'Alt',
  cmd: 'Meta',
  command: 'Meta',
  meta: 'Meta',
};

const keyName = (p: string): string | null =>
  KEY_NAMES[p] ?? (/^[a-z\d]$/.test(p) ? p : /^f\d{1,2}$/.test(p) ? p.toUpperCase() : null);

/** "ctrl+a", "Enter", "control a", "page down" → Playwright key names joined with +. */
function keysOf(text: string): string | null {
  const t = unquote(text).toLowerCase().replace(/\s+/g, ' ').trim();
  const parts = t.includes('+') ? t.split(/\s*\+\s*/) : KEY_NAMES[t] ? [t] : t.split(' ');
  const keys = parts.map(keyName);
  return keys.length && keys.every(Boolean) ? keys.join('+') : null;
}

/** One clause as an instruction, null when it is not one the planner knows. */
export function parseInstruction(clause: string): Instruction | null {
  const c = clause
    .trim()
    .replace(/^(?:please|then|and|first|next|finally|also)\s+/i, '')
    .replace(/[.!]+$/, '')
    .trim();
  let m: RegExpExecArray | null;

  if (
    (m =
      /^(?:open|go to|visit|navigate to|browse to|load)\s+(?:the\s+)?(?:(?:page|url|website|site|address)\s+)?(.+)$/i.exec(
        c,
      ))
  ) {
    const url = urlOf(m[1]!);
    return url ? { kind: 'navigate', url } : null;
  }
  if ((m = /^search\s+(?:the\s+web\s+|the\s+internet\s+|online\s+|google\s+)?for\s+(.+)$/i.exec(c))) {
    return { kind: 'search', query: unquote(m[1]!) };
  }
  if (
    (m =
      /^(?:click|tap)(?:\s+on)?(?:\s+the)?(?:\s+(button|link))?(?:\s+(?:labell?ed|named|called|saying|that says|with the text))?\s+(.+?)(?:\s+(button|link))?$/i.exec(
        c,
      ))
  ) {
    const prefer = (m[1] ?? m[3])?.toLowerCase() as 'button' | 'link' | undefined;
    return { kind: 'click', label: unquote(m[2]!), prefer: prefer ?? null };
  }
  if ((m = /^fill(?:\s+in|\s+out)?\s+(?:the\s+)?(.+?)(?:\s+(?:field|box|input))?\s+with\s+(.+)$/i.exec(c))) {
    return { kind: 'type', text: unquote(m[2]!), field: unquote(m[1]!) };
  }
  if ((m = /^(?:type|enter|write|fill in)\s+(.+)$/i.exec(c))) {
    const rest = m[1]!;
    // Quoted text first ("type "a and b" into …"); otherwise the last " into " (or " in ") splits text from field.
    const quoted = /^(["“‘'])(.*?)(["”’'])\s+(?:into|in)\s+(.+)$/i.exec(rest);
    const plain = quoted ? null : (/^(.+)\s+into\s+(.+)$/i.exec(rest) ?? /^(.+)\s+in\s+(.+)$/i.exec(rest));
    const text = quoted ? quoted[2]! : plain?.[1];
    const target = quoted ? quoted[4]! : plain?.[2];
    if (text === undefined || !target) return null;
    const field = unquote(
      target
        .replace(/^the\s+/i, '')
        .replace(/\s+(?:field|box|input|textbox|text box|text field|area)$/i, '')
        .trim(),
    );
    return field ? { kind: 'type', text: unquote(text), field } : null;
  }
  if ((m = /^(?:press|hit)\s+(?:the\s+)?(.+?)(?:\s+key)?$/i.exec(c))) {
    const keys = keysOf(m[1]!);
    return keys ? { kind: 'key', keys } : null;
  }
  if ((m = /^scroll(?:\s+the\s+page)?(?:\s+(down|up))?(?:\s+(?:a bit|the page|once))?$/i.exec(c))) {
    return { kind: 'scroll', direction: (m[1]?.toLowerCase() as 'up' | 'down' | undefined) ?? 'down' };
  }
  if ((m = /^wait(?:\s+for)?(?:\s+(\d+(?:\.\d+)?)\s*(ms|milliseconds?|s|secs?|seconds?))?$/i.exec(c))) {
    const n = Number(m[1] ?? 1);
    return { kind: 'wait', ms: Math.round(/^m/i.test(m[2] ?? '') ? n : n * 1000) };
  }
  if (/^(?:take|capture|grab)\s+(?:a\s+|another\s+)?screenshot$/i.test(c) || /^screenshot$/i.test(c)) {
    return { kind: 'screenshot' };
  }
  return null;
}

/** Every clause of a task as an instruction, or null when any clause is not one (nothing runs half-understood). */
export function parseTask(task: string): Instruction[] | null {
  const instructions = splitClauses(task).map(parseInstruction);
  return instructions.length && instructions.every((i) => i !== null)
    ? (instructions as Instruction[])
    : null;
}

const normal = (s: string): string =>
  s
    .toLowerCase()
    .replace(/[*:]+\s*$/, '')
    .replace(/\s+/g, ' ')
    .trim();

const FILLABLE_ROLES = new Set(['textbox', 'searchbox', 'combobox', 'spinbutton']);
const NOT_TYPED_INTO = new Set([
  'submit',
  'button',
  'image',
  'reset',
  'checkbox',
  'radio',
  'file',
  'hidden',
  'range',
  'color',
]);
const isFillable = (el: PageElement): boolean =>
  el.tag === 'textarea' ||
  FILLABLE_ROLES.has(el.role) ||
  (el.tag === 'input' && !NOT_TYPED_INTO.has(el.type ?? 'text'));
const isButtonLike = (el: PageElement): boolean =>
  el.tag === 'button' ||
  el.role === 'button' ||
  (el.tag === 'input' && ['submit', 'button', 'image'].includes(el.type ?? ''));
const isLink = (el: PageElement): boolean => el.tag === 'a' || el.role === 'link';

/**
 * The element whose name best matches a label: the same name, else one containing it as a word, else as text.
 * Among equals the preferred kind wins, then page order.
 */
export function findElement(
  elements: PageElement[],
  label: string,
  accepts: (el: PageElement) => boolean,
  prefers: (el: PageElement) => boolean,
): { element: PageElement; exact: boolean } | null {
  const want = normal(label);
  if (!want) return null;
  const word = new RegExp(`(^|\\W)${want.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(\\W|$)`);
  const score = (el: PageElement): number => {
    const name = normal(el.name);
    if (name === want) return 3;
    if (word.test(name)) return 2;
    return name.includes(want) ? 1 : 0;
  };
  let best: { element: PageElement; score: number } | null = null;
  for (const el of elements) {
    if (!accepts(el)) continue;
    const s = score(el) * 2 + (prefers(el) ? 1 : 0);
    if (s >= 2 && (!best || s > best.score)) best = { element: el, score: s };
  }
  return best ? { element: best.element, exact: best.score >= 6 } : null;
}

const centre = (el: PageElement) => ({
  x: Math.round(el.x + el.width / 2),
  y: Math.round(el.y + el.height / 2),
});

export interface PlannerOptions {
  viewport: { width: number; height: number };
  /** Where "search the web for …" goes (the query is appended, URL-encoded); null: searching is not set up. */
  searchUrl: string | null;
  /** A task taken over from a process that died: the steps it carried out, to go on after them. */
  carriedOut?: Decision[];
}

/** What carrying out an instruction did, in the closing summary ("Done: opened …, filled in Name."). */
function summaryOf(instruction: Instruction, name?: string): string {
  switch (instruction.kind) {
    case 'navigate':
      return `opened ${instruction.url}`;
    case 'search':
      return `searched the web for “${instruction.query}”`;
    case 'click':
      return `clicked “${name ?? instruction.label}”`;
    case 'type':
      return `filled in ${name || instruction.field}`;
    case 'key':
      return `pressed ${instruction.keys}`;
    case 'scroll':
      return `scrolled ${instruction.direction}`;
    case 'wait': {
      const seconds = instruction.ms / 1000;
      return `waited ${seconds} second${seconds === 1 ? '' : 's'}`;
    }
    case 'screenshot':
      return 'took a screenshot';
  }
}

/** The machine action that carries out an instruction (a click or a scroll before it only looks or focuses). */
const FINISHING_ACTION: Record<Instruction['kind'], readonly ComputerActionType[]> = {
  navigate: ['navigate'],
  search: ['navigate'],
  click: ['click', 'double_click'],
  type: ['type'],
  key: ['key'],
  scroll: ['scroll'],
  wait: ['wait'],
  screenshot: ['screenshot'],
};

/** A computer-use session with no model: the task's instructions, one step at a time. */
export function createComputerPlanner(task: string, options: PlannerOptions): ComputerUseSession {
  const instructions = parseTask(task);
  let index = 0;
  // Progress within the current instruction: whether it already scrolled to look, and a field clicked to type into.
  let scrolledToLook = false;
  let focused: PageElement | null = null;
  const did: string[] = [];
  // Where the planner stood before its last step: a step the founder's take-over kept from running is planned again.
  let before = { index, scrolledToLook, done: 0 };
  // Taken over from a process that died: the instructions its steps carried out are done (a field it clicked is
  // clicked again before typing, as after a take-over).
  for (const d of options.carriedOut ?? []) {
    const instruction = instructions?.[index];
    if (!instruction) break;
    if (FINISHING_ACTION[instruction.kind].includes(d.action)) {
      did.push(summaryOf(instruction));
      index++;
      scrolledToLook = false;
    } else if (d.action === 'scroll') scrolledToLook = true;
  }

  const step = (
    s: Omit<ComputerStep, 'usage' | 'coordinate' | 'text'> &
      Partial<Pick<ComputerStep, 'coordinate' | 'text'>>,
  ): ComputerStep => ({
    coordinate: null,
    text: null,
    usage: FREE,
    ...s,
  });
  /** The last step: every instruction carried out, or why the task could not be. */
  const done = (text: string, thought: string): ComputerStep =>
    step({ thought, action: 'done', text, completed: true, confidence: 1 });
  const couldNot = (text: string, thought: string): ComputerStep =>
    step({ thought, action: 'done', text, completed: false, confidence: 1 });
  const advance = (summary: string): void => {
    did.push(summary);
    index++;
    scrolledToLook = false;
    focused = null;
  };

  /** Not on screen: scroll once to look further down, then give up on the task. */
  const lookFurther = (what: string): ComputerStep => {
    if (scrolledToLook)
      return couldNot(
        `Could not find ${what} on the page.`,
        `${what} is not on the page, even after scrolling.`,
      );
    scrolledToLook = true;
    return step({
      thought: `I cannot see ${what}; scrolling down to look for it.`,
      action: 'scroll',
      scroll: { dx: 0, dy: Math.round(options.viewport.height * 0.75) },
      confidence: 0.6,
    });
  };

  function plan(instruction: Instruction, observation: ComputerObservation): ComputerStep {
    switch (instruction.kind) {
      case 'navigate':
        advance(summaryOf(instruction));
        return step({
          thought: `Opening ${instruction.url}.`,
          action: 'navigate',
          text: instruction.url,
          confidence: 0.95,
        });
      case 'search': {
        if (!options.searchUrl)
          return couldNot(
            'Searching the web is not set up on this server.',
            'There is no search address to open.',
          );
        const url = options.searchUrl + encodeURIComponent(instruction.query);
        advance(summaryOf(instruction));
        return step({
          thought: `Searching the web for “${instruction.query}”.`,
          action: 'navigate',
          text: url,
          confidence: 0.95,
        });
      }
      case 'click': {
        const { prefer, label } = instruction;
        const prefers = (el: PageElement) =>
          prefer === 'link'
            ? isLink(el)
            : prefer === 'button'
              ? isButtonLike(el)
              : isButtonLike(el) || isLink(el);
        const found = findElement(observation.elements, label, () => true, prefers);
        if (!found) return lookFurther(`“${label}”`);
        advance(summaryOf(instruction, found.element.name));
        return step({
          thought: `Clicking “${found.element.name}”${found.exact ? '' : ` (the closest match to “${label}”)`}.`,
          action: 'click',
          coordinate: centre(found.element),
          confidence: found.exact ? 0.95 : 0.7,
        });
      }
      case 'type': {
        if (focused) {
          const into = focused.name || instruction.field;
          advance(summaryOf(instruction, focused.name));
          return step({
            thought: `Typing into ${into}.`,
            action: 'type',
            text: instruction.text,
            confidence: 0.95,
          });
        }
        const found = findElement(observation.elements, instruction.field, isFillable, () => true);
        if (!found) return lookFurther(`the “${instruction.field}” field`);
        focused = found.element;
        return step({
          thought: `Clicking the “${found.element.name}” field to type into it.`,
          action: 'click',
          coordinate: centre(found.element),
          confidence: found.exact ? 0.95 : 0.7,
        });
      }
      case 'key':
        advance(summaryOf(instruction));
        return step({
          thought: `Pressing ${instruction.keys}.`,
          action: 'key',
          text: instruction.keys,
          confidence: 0.95,
        });
      case 'scroll': {
        const dy = Math.round(options.viewport.height * 0.75) * (instruction.direction === 'up' ? -1 : 1);
        advance(summaryOf(instruction));
        return step({
          thought: `Scrolling ${instruction.direction}.`,
          action: 'scroll',
          scroll: { dx: 0, dy },
          confidence: 0.95,
        });
      }
      case 'wait': {
        const seconds = instruction.ms / 1000;
        advance(summaryOf(instruction));
        return step({
          thought: `Waiting ${seconds} second${seconds === 1 ? '' : 's'}.`,
          action: 'wait',
          waitMs: instruction.ms,
          confidence: 0.95,
        });
      }
      case 'screenshot':
        advance(summaryOf(instruction));
        return step({ thought: 'Taking a screenshot.', action: 'screenshot', confidence: 1 });
    }
  }

  return {
    async next(observation) {
      if (!instructions)
        return couldNot(
          OFFLINE_COMPUTER_HELP,
          'The task is not a list of explicit steps I can follow without a model.',
        );
      const last = observation.lastAction;
      if (observation.founderNote) {
        // The founder drove the machine in between: the step their take-over stopped (declined) is planned again,
        // and a field clicked before may have lost its focus, so it is clicked again before typing.
        if (last?.result === 'declined') {
          ({ index, scrolledToLook } = before);
          did.length = before.done;
        }
        focused = null;
      } else if (last && last.result !== 'ok') {
        // The machine's own words ("Blocked: port 8080 is not allowed", "x.example could not be found").
        return couldNot(last.detail, `The last ${last.action} did not work, so I stopped.`);
      }
      before = { index, scrolledToLook, done: did.length };
      const instruction = instructions[index];
      if (!instruction) {
        const summary = did.join(', ');
        return done(`Done: ${summary}.`, 'Every step of the task is done.');
      }
      return plan(instruction, observation);
    },
  };
}
