import { CHAT, OFFLINE_PRODUCER } from '@cofounder/shared';
import type { EvalEnv } from '../env.ts';
import { avoids, expectThat, labelled, lengthWithin, mentions, noEcho, type Check } from '../grade.ts';
import type { EvalCase } from '../types.ts';
import { BAKERY, FREELANCE, NOT_FREELANCE } from './founders.ts';

// Chat (issue 22 §3): each intent the offline co-founder knows, answered from the profile, the open tasks and the
// message's own nouns, never echoing the message, labelled with what wrote it.

/** A reply that is an answer: neither a one-liner nor an essay. */
const REPLY_CHARS = { min: 120, max: 4000 };

interface Ask {
  name: string;
  message: string;
  /** Words the reply must contain (the request's nouns, or the founder's own). */
  words: string[];
  profile?: typeof FREELANCE;
  /** More checks on the reply text. */
  also?: (reply: string, env: EvalEnv) => Check[];
  /** The reply is about the founder's business (false: it lists what the co-founder can do, with examples). */
  aboutBusiness?: boolean;
}

const ask = ({ name, message, words, profile = FREELANCE, also, aboutBusiness = true }: Ask): EvalCase => ({
  area: 'chat',
  name,
  async run(env) {
    const user = await env.founder(profile);
    const { internMessage } = await env.chat(user, message);
    const reply = internMessage.text;
    return [
      mentions(reply, words),
      noEcho(reply, message),
      lengthWithin(reply, REPLY_CHARS.min, REPLY_CHARS.max),
      labelled(internMessage.producedBy, env.producer),
      // Another founder's business never turns up, unless the founder named it ("…to a bakery owner").
      ...(profile === FREELANCE && aboutBusiness ? [avoids(reply, NOT_FREELANCE.filter((w) => !message.toLowerCase().includes(w)))] : []),
      ...(also?.(reply, env) ?? []),
    ];
  },
});

/** The offline co-founder's honest answer to what it cannot do; a model answers the question itself. */
const offlineOnly = (env: EvalEnv, checks: () => Check[]): Check[] => (env.producer === OFFLINE_PRODUCER ? checks() : []);

/** A founder's long message: ten thousand characters of notes, no sentence repeated. */
const LONG_MESSAGE = (() => {
  const parts: string[] = [];
  for (let i = 1; parts.join(' ').length < CHAT.maxMessageChars; i++)
    parts.push(`Note ${i}: designer number ${i} told us invoices go unpaid for ${i + 20} days and chasing them takes ${i % 7 + 1} hours a week.`);
  return `${parts.join(' ').slice(0, CHAT.maxMessageChars - 60)} What should I do about pricing given all this?`;
})();

export const chatCases: EvalCase[] = [
  ask({
    name: 'draft a cold email to a bakery owner in Lisbon',
    message: 'Draft a cold email to a bakery owner in Lisbon',
    words: ['bakery owner', 'Lisbon', 'Maya'],
    profile: FREELANCE,
    also: (reply) => [expectThat('has a subject line', /subject/i.test(reply), 'no subject')],
  }),
  ask({
    name: 'draft a tweet announcing the launch',
    message: 'Draft a tweet announcing our launch',
    words: ['launch', 'invoicing'],
  }),
  ask({
    name: 'write a LinkedIn post about late payments',
    message: 'Write a LinkedIn post about late payments for freelance designers',
    words: ['late payment', 'designer'],
  }),
  ask({
    name: 'pricing for a small design studio',
    message: 'How should I price this for a small design studio?',
    words: ['pric', 'studio'],
  }),
  ask({
    name: 'first customers among freelance designers',
    message: 'Where do I find my first customers among freelance designers?',
    words: ['customer', 'designer'],
  }),
  ask({
    name: 'investors for a pre-seed round',
    message: 'Which investors should I talk to for a pre-seed round?',
    words: ['investor', 'pre-seed'],
  }),
  ask({
    name: 'competitors and how to stand out',
    message: 'Who are my competitors and how do I stand out?',
    words: ['competitor', 'invoicing'],
  }),
  ask({
    name: 'biggest risks',
    message: 'What are the biggest risks for my startup right now?',
    words: ['risk', 'freelance'],
  }),
  ask({
    name: 'what to focus on this week',
    message: 'What should I focus on this week?',
    words: ['invoicing'],
  }),
  ask({
    name: 'status of my tasks',
    message: 'What is the status of my tasks?',
    words: ['task'],
  }),
  ask({
    name: 'competitors for another founder (bakery food waste)',
    message: 'Who else is solving this and how do we differ from them?',
    words: ['bakeries', 'food waste'],
    profile: BAKERY,
  }),
  ask({
    name: 'an unknown request says what the offline co-founder can do',
    message: 'Can you book me a table for two at an Italian place tonight?',
    words: [],
    aboutBusiness: false,
    also: (reply, env) =>
      offlineOnly(env, () => [
        mentions(reply, ['offline', 'draft', 'OPENAI_API_KEY']),
        expectThat('does not pretend to book', !/\bbooked\b/i.test(reply), 'says it booked'),
      ]),
  }),
  ask({
    name: 'a 10,000-character message is not quoted back',
    message: LONG_MESSAGE,
    words: ['pric'],
    also: (reply) => [lengthWithin(reply, REPLY_CHARS.min, 3000)],
  }),
  {
    area: 'chat',
    name: 'create tasks from a request keeps its audience and number',
    async run(env) {
      const user = await env.founder(FREELANCE);
      const before = new Set((await env.tasks(user)).tasks.map((x) => x.id));
      const message = 'Create tasks to find my first 10 paying customers among freelance designers';
      const sent = await env.chat(user, message);
      const added = (await env.tasks(user)).tasks.filter((x) => !before.has(x.id));
      const text = added.map((x) => x.description).join('\n');
      return [
        expectThat('tasks were created', added.length > 0 && sent.aiResponse.tasks_generated === added.length, `${added.length} added, ${sent.aiResponse.tasks_generated} reported`),
        expectThat('a task notice in the chat', sent.taskNotification !== null, 'no notice'),
        mentions(text, ['freelance designer', '10']),
        avoids(text, NOT_FREELANCE),
        noEcho(sent.internMessage.text, message),
        labelled(sent.internMessage.producedBy, env.producer),
      ];
    },
  },
];
