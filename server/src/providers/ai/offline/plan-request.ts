import {
  AGENT_CATEGORY,
  AUTONOMY,
  FOCUS_AREA_CATEGORIES,
  KIND_AGENT,
  PRIORITY,
  taskKind,
  type FocusArea,
  type OnboardingProfile,
  type PlannedTask,
  type SOCIAL_PLATFORMS,
} from '@cofounder/shared';
import { audienceOf, capitalize, ideaAudience, pluralOf } from './nouns.ts';
import { ideaPhrase } from './text.ts';

// What a planning request asks for, read by the offline planner: a goal in the founder's words ("create tasks to
// find my first 10 paying customers among freelance designers"), or a check-in's focus areas and count (autonomy).

type Social = (typeof SOCIAL_PLATFORMS)[number];

/** A planned task: its agent from its kind, and the platforms it needs only when it publishes posts there. */
export function planned(description: string, priority: number): PlannedTask {
  const { kind } = taskKind(description);
  return {
    description,
    priority: Math.min(PRIORITY.max, Math.max(PRIORITY.min, priority)),
    agent: KIND_AGENT[kind],
    requiredPlatforms: kind === 'social_posts' ? platformsNamed(description) : [],
  };
}

/** The platforms a post task names: it needs those connected to publish, and no others. */
export function platformsNamed(description: string): Social[] {
  return [
    ...(/\b(?:twitter|tweets?|on x)\b/i.test(description) ? (['twitter'] as const) : []),
    ...(/\b(?:reddit|subreddits?|r\/\w+)\b/i.test(description) ? (['reddit'] as const) : []),
  ];
}

/** An autonomy check-in's request: "Plan up to 3 tasks in these focus areas: marketing, strategy." */
export function checkInOf(request: string): { areas: FocusArea[]; count: number } | null {
  const listed = request.match(/\bfocus areas?:\s*([^.\n]+)/i)?.[1];
  if (!listed) return null;
  const areas = AUTONOMY.focusAreas.filter((area) => new RegExp(`\\b${area}\\b`).test(listed));
  if (!areas.length) return null;
  return { areas, count: Number(request.match(/\bup to (\d+) tasks?\b/i)?.[1] ?? areas.length) };
}

/**
 * The tasks taken in turn from each focus area (best-ranked first), so every area ticked gets work; a few past the
 * count leave room for any the list already has. Priorities fall by round so the order survives sorting.
 */
export function mixed(tasks: PlannedTask[], check: { areas: FocusArea[]; count: number }): PlannedTask[] {
  const queues = check.areas.map((area) => tasks.filter((t) => FOCUS_AREA_CATEGORIES[area].includes(AGENT_CATEGORY[t.agent])));
  const out: PlannedTask[] = [];
  const used = new Set<PlannedTask>();
  for (let round = 0; out.length < check.count + 3 && queues.some((q) => q.some((t) => !used.has(t))); round++) {
    for (const queue of queues) {
      const next = queue.find((t) => !used.has(t));
      if (!next) continue;
      used.add(next);
      out.push({ ...next, priority: Math.max(PRIORITY.min, PRIORITY.max - 1 - round) });
    }
  }
  return out;
}

/** The goal after "tasks to/for/about …" in a planning request, in the co-founder's words ("my" → "your"). */
function goalOf(request: string): string | null {
  const goal = request.match(/\b(?:tasks?|plan|to-?dos?)\b[^.?!\n]*?\b(?:to|for|about|so (?:that )?(?:i|we) can)\s+([^.?!\n]{3,160})/i)?.[1];
  return goal ? goal.trim().replace(/\b(?:my|our)\b/gi, 'your').replace(/\b(?:me|us)\b/gi, 'you') : null;
}

/**
 * Tasks built from the request's own words: the goal itself, then the work that gets it done, each naming the
 * audience, number and channel the founder gave. Empty when the request states no goal, or one that names neither
 * work nor people.
 */
export function requestedTasks(request: string, profile: OnboardingProfile | null): PlannedTask[] {
  const goal = goalOf(request);
  if (!goal) return [];
  const what = taskKind(goal);
  const named = audienceOf(goal);
  // "tasks for this week", "tasks for my startup": no work and no one named, so the usual plan fits better.
  if (!what.named && !named) return [];
  const idea = ideaPhrase(profile);
  const people = named ? pluralOf(named).replace(/^your\s/i, '') : (ideaAudience(profile) ?? 'your target customers');
  const count = what.count ?? 10;
  const channel = platformsNamed(request)[0];
  const texts =
    what.kind === 'investor_research'
      ? [
          `Outline a 10-slide pitch deck for ${idea}`,
          `Draft a cold email to ${named ?? 'seed investors'} asking for a 20-minute call about ${idea}`,
          `Research what ${named ?? 'seed investors'} look for before backing ${idea}`,
          `Set up a fundraising pipeline for ${idea} with stages and weekly targets`,
        ]
      : [
          `List ${Math.max(20, count * 2)} potential customers among ${people}, with where to find each`,
          `Draft a cold email to ${people} asking for a 15-minute call about ${idea}`,
          `Set up a sales pipeline for ${people} with stages and weekly targets to win ${count} customers`,
          `Research where ${people} look for tools like ${idea} and what they pay today`,
          ...(channel ? [`Write 3 ${channel === 'twitter' ? 'tweets' : 'Reddit posts'} for ${people} about the problem behind ${idea}`] : []),
        ];
  // The goal itself leads when it names work ("find …", "write …"); a bare topic ("for your launch") does not.
  const lead = what.object !== goal.toLowerCase() ? [capitalize(goal)] : [];
  return [...lead, ...texts].map((description, i) => planned(description, 9 - i));
}
