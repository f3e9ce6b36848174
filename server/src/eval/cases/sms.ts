import { OFFLINE_PRODUCER, OFFLINE_SMS_MARK, plainText } from '@cofounder/shared';
import { avoids, expectThat, labelled, mentions, noEcho, plain, smsSegments } from '../grade.ts';
import type { EvalCase } from '../types.ts';
import { FREELANCE, NOT_FREELANCE } from './founders.ts';

// SMS (issue 22 §7): the answer to a text is plain text, cut at sentence or word boundaries into numbered segments
// of the shared size, on topic, and marked when the offline co-founder wrote it.

const text = (name: string, body: string, words: string[]): EvalCase => ({
  area: 'sms',
  name,
  async run(env) {
    const user = await env.founder(FREELANCE, 'builder');
    const { replies, answer, producedBy } = await env.text(user, body);
    const all = replies.join('\n');
    const offline = env.producer === OFFLINE_PRODUCER;
    return [
      ...smsSegments(replies, plainText(answer)),
      plain(all),
      mentions(all, words),
      avoids(all, NOT_FREELANCE),
      noEcho(all, body),
      labelled(producedBy, env.producer),
      expectThat(
        offline ? 'marked offline' : 'not marked offline',
        replies.some((r) => r.includes(OFFLINE_SMS_MARK)) === offline,
        `first text "${replies[0]?.slice(0, 30)}"`,
      ),
    ];
  },
});

export const smsCases: EvalCase[] = [
  text('first customers by text', 'How do I find my first customers?', ['customer', 'designer']),
  text('draft a tweet by text', 'Draft a tweet about our launch', ['launch', 'invoicing']),
  text('risks by text (a long answer in several texts)', 'What are the biggest risks and how do I handle them?', ['risk']),
  text('a cold email by text (Markdown made plain)', 'Draft a cold email to a design agency owner in Austin', ['design agency owner', 'Austin']),
  text('tasks by text', 'What is on my task list?', ['task']),
];
