// Recognising what a chat message asks for, independent of the provider: the conversation service uses it
// to decide when a message should produce stored tasks, and the offline co-founder to pick its answer.

const MAKE = /\b(create|make|generate|build|draft|add|give me|set up|suggest|propose|come up with|write)\b/i;
const WORK = /\b(tasks?|to-?dos?|action items?|plan)\b/i;
const PLAN_WORK = /\bplan\b.*\b(tasks?|to-?dos?|work|week|month)\b/i;
const MORE_TASKS = /\b(new|more|next|some) tasks\b/i;

/** True when the founder asks for tasks to be created ("create tasks", "give me a plan", "plan my week"). */
export function asksForTasks(text: string): boolean {
  return (MAKE.test(text) && WORK.test(text)) || PLAN_WORK.test(text) || MORE_TASKS.test(text);
}
