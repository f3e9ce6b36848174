import { ColdEmail } from '@cofounder/shared';
import { askAbout, internalActivity, type Agent } from './agent.ts';

/** cold_email: one email to the recipient the task names, ready once the founder fills any [slot]. */
export const coldEmailAgent: Agent = async (input) => {
  const { value: e, usage } = await askAbout(
    input,
    'cold_email',
    ColdEmail,
    'Write one cold email to the recipient the task names: subject, greeting, body, one call to action and a signature. Invent no facts, names or numbers; put anything to fill in [brackets].',
  );
  return {
    summary: e.summary,
    content: `**To:** ${e.recipient}\n\n**Subject:** ${e.subject}\n\n${e.greeting}\n\n${e.body}\n\n${e.callToAction}\n\n${e.signature.replace(/\n/g, '  \n')}`,
    data: { kind: 'cold_email', ...e },
    usage,
    activities: [internalActivity('Cold email drafted', e.summary, 'A specific first email gets more replies than a template.', `Subject: ${e.subject}`)],
  };
};
