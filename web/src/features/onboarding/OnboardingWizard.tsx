import { useCallback, useEffect, useRef, useState } from 'react';
import {
  canAdvance,
  EMPTY_DRAFT,
  LAST_ONBOARDING_STEP,
  ONBOARDING,
  resumeStep,
  showsBack,
  wizardPercent,
  type OnboardingDraft,
} from '@cofounder/shared';
import { loadDraft, saveDraft } from './onboarding-storage.ts';
import { ConversationStep } from './steps/ConversationStep.tsx';
import { GoalsStep } from './steps/GoalsStep.tsx';
import { IdeaStep } from './steps/IdeaStep.tsx';
import { ProfileStep } from './steps/ProfileStep.tsx';
import { ReadyStep } from './steps/ReadyStep.tsx';
import { StageStep } from './steps/StageStep.tsx';
import { WelcomeStep } from './steps/WelcomeStep.tsx';
import { useFinishOnboarding, type FinishReason } from './use-finish-onboarding.ts';
import { useOnboardingConversation } from './use-onboarding-conversation.ts';

/** The lines shown while the wizard hands over to the dashboard (spec 1 §4 "transition message"). */
export const FINISH_TEXT: Record<FinishReason, (name: string) => string> = {
  ready: () => "You're all set! Taking you to your dashboard...",
  skip: () => "No problem, let's get to work. Taking you to your dashboard...",
  start: (name) => `Welcome aboard${name ? `, ${name}` : ''}! Your co-founder is getting to work...`,
};

/** The 7-step onboarding wizard of spec 1 §2 and §4; the draft survives reloads in `user_profile_{userId}`. */
export function OnboardingWizard({ userId, suggestedName }: { userId: string; suggestedName: string }) {
  const [stored] = useState(() => loadDraft(userId));
  const [draft, setDraft] = useState<OnboardingDraft>(
    () => stored ?? { ...EMPTY_DRAFT, name: suggestedName },
  );
  const [step, setStep] = useState(() => (stored ? resumeStep(stored) : 0));
  const initialDraft = useRef(draft);
  const { reason, finish, stay } = useFinishOnboarding(userId);

  // Saved only once the founder changed something, so a visit without input still starts at the welcome step.
  useEffect(() => {
    if (draft !== initialDraft.current) saveDraft(userId, draft);
  }, [draft, userId]);

  const onReady = useCallback(() => finish('ready'), [finish]);
  const conversation = useOnboardingConversation(
    userId,
    draft,
    step === ONBOARDING.conversationStep,
    onReady,
  );
  const update = (patch: Partial<OnboardingDraft>) => setDraft((d) => ({ ...d, ...patch }));

  // Next and Back replace the step under the founder's focus: focus moves to the new step's heading, so a keyboard
  // or screen-reader user goes on from its top instead of from the page's start. Not on the first render or a resume.
  const card = useRef<HTMLElement>(null);
  const moved = useRef(false);
  useEffect(() => {
    if (!moved.current) return;
    const heading = card.current?.querySelector<HTMLElement>('h2');
    if (!heading) return;
    heading.tabIndex = -1;
    heading.focus();
  }, [step]);
  const goTo = (to: (s: number) => number) => {
    moved.current = true;
    setStep(to);
  };

  async function skip() {
    const ok = await conversation.skip();
    finish('skip', { immediately: !ok });
  }

  function next() {
    // Moving on to the summary while the ready redirect is pending keeps the founder here.
    if (step === ONBOARDING.conversationStep) stay();
    goTo((s) => Math.min(LAST_ONBOARDING_STEP, s + 1));
  }

  const transition = reason && reason !== 'start' ? FINISH_TEXT[reason](draft.name) : null;
  const steps = [
    <WelcomeStep key="welcome" />,
    <ProfileStep key="profile" draft={draft} update={update} />,
    <IdeaStep key="idea" draft={draft} update={update} />,
    <GoalsStep key="goals" draft={draft} update={update} />,
    <StageStep key="stage" draft={draft} update={update} />,
    <ConversationStep
      key="conversation"
      messages={conversation.messages}
      loading={conversation.loading}
      closed={conversation.ready}
      transition={transition}
      onSend={conversation.send}
      onSkip={() => void skip()}
    />,
    <ReadyStep
      key="ready"
      draft={draft}
      welcome={reason === 'start' ? FINISH_TEXT.start(draft.name.trim()) : null}
      onStart={() => finish('start')}
    />,
  ];

  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-10 sm:px-6">
      <h1 className="sr-only">Onboarding</h1>
      <div className="mb-8">
        <p className="mb-2 text-sm text-slate-500 dark:text-slate-400">
          Step {step + 1} of {ONBOARDING.steps}
        </p>
        <div
          role="progressbar"
          aria-label="Onboarding progress"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={wizardPercent(step)}
          className="h-2 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-800"
        >
          <div
            className="h-full rounded-full bg-indigo-600 transition-[width]"
            style={{ width: `${wizardPercent(step)}%` }}
          />
        </div>
      </div>
      <section ref={card} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-800 dark:bg-slate-900">
        {steps[step]}
      </section>
      {reason !== 'start' && (
        <nav aria-label="Onboarding steps" className="mt-6 flex justify-between gap-3">
          {showsBack(step) ? (
            <button
              type="button"
              onClick={() => goTo((s) => Math.max(0, s - 1))}
              className="rounded-lg border border-slate-300 px-4 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none dark:border-slate-700 dark:text-slate-200 dark:hover:bg-slate-800"
            >
              Back
            </button>
          ) : (
            <span />
          )}
          {step < LAST_ONBOARDING_STEP && (
            <button
              type="button"
              onClick={next}
              disabled={!canAdvance(step, draft, conversation.ready) || reason === 'skip'}
              className="rounded-lg bg-indigo-600 px-5 py-2 text-sm font-semibold text-white hover:bg-indigo-500 focus-visible:ring-2 focus-visible:ring-indigo-400 focus-visible:outline-none disabled:cursor-not-allowed disabled:opacity-50"
            >
              Next
            </button>
          )}
        </nav>
      )}
    </div>
  );
}
