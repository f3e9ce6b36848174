export interface TourStep {
  id: 'welcome' | 'chat' | 'voice' | 'autonomy' | 'connections' | 'partnership';
  title: string;
  body: string;
  /** The sidebar link this step points at (highlighted while the step is open). */
  highlight: string | null;
  /** The step's call to action; it moves the tour on (the last one ends it). */
  cta: string;
}

/** The six steps of the product tour (spec 1 §2): welcome, chat, voice calls, autonomous work, connections, partnership. */
export const TOUR_STEPS: readonly TourStep[] = [
  {
    id: 'welcome',
    title: 'Welcome to your dashboard',
    body: 'Your AI co-founder codes, markets, researches investors and helps you scale. Here is a one-minute look around.',
    highlight: null,
    cta: 'Take the Tour',
  },
  {
    id: 'chat',
    title: 'Chat with your co-founder',
    body: 'Brainstorm, plan and get answers. Ask for a plan and your co-founder turns it into tasks.',
    highlight: '/dashboard/chat',
    cta: 'Next: Voice Calls',
  },
  {
    id: 'voice',
    title: 'Talk it through',
    body: 'Prefer talking? Start a realtime voice call and think out loud together.',
    highlight: '/dashboard/call',
    cta: 'Next: Autonomous Work',
  },
  {
    id: 'autonomy',
    title: 'Work that happens without you',
    body: 'Your intern works on tasks by itself. Follow it in Intern Activity and choose how hard it works in Intern Autonomy.',
    highlight: '/dashboard/autonomy',
    cta: 'Next: Connections',
  },
  {
    id: 'connections',
    title: 'Connect your accounts',
    body: 'Connect X and Reddit so your co-founder can post for you.',
    highlight: '/dashboard/connections',
    cta: 'Next: Partnership',
  },
  {
    id: 'partnership',
    title: 'A real partnership',
    body: "You set the vision; your co-founder does the legwork and reports back. Let's build your startup together.",
    highlight: null,
    cta: "Let's Build Together",
  },
];
