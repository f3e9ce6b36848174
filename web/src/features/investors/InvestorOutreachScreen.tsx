import { useState } from 'react';
import * as Tabs from '@radix-ui/react-tabs';
import { useIsFetching, useQueryClient } from '@tanstack/react-query';
import { RefreshCw } from 'lucide-react';
import { useSearchParams } from 'react-router';
import type { Investor, PendingEmail } from '@cofounder/shared';
import { investorKeys } from '../../data/investors/keys.ts';
import { useInvestorAnalytics } from '../../data/investors/use-investor-analytics.ts';
import { usePendingEmails } from '../../data/investors/use-pending-emails.ts';
import { restrictedOn } from '../billing/RestrictedFeature.tsx';
import { buttonClass } from '../work/labels.ts';
import { loadDraft } from '../onboarding/onboarding-storage.ts';
import { AnalyticsStrip } from './AnalyticsStrip.tsx';
import { CountBadge } from './badges.tsx';
import { EmailApprovalsTab } from './EmailApprovalsTab.tsx';
import { EmailDetailDialog } from './EmailDetailDialog.tsx';
import { InvestorDetailDialog } from './InvestorDetailDialog.tsx';
import { InvestorsTab } from './InvestorsTab.tsx';
import { ResearchButton } from './ResearchButton.tsx';
import { INVESTOR_TEXT, researchDescription } from './texts.ts';
import { useResearch } from './use-research.ts';
import type { ResearchPollOptions } from './research-poll.ts';

const tabClass =
  'inline-flex items-center rounded-md px-4 py-2 text-sm font-medium text-slate-600 transition hover:text-slate-900 focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none data-[state=active]:bg-white data-[state=active]:text-slate-900 data-[state=active]:shadow-sm dark:text-slate-400 dark:hover:text-white dark:data-[state=active]:bg-slate-800 dark:data-[state=active]:text-white';

type Tab = 'investors' | 'emails';

interface InvestorOutreachScreenProps {
  userId: string;
  /** Tests shorten the research polling; the page uses INVESTORS.researchPoll. */
  researchPoll?: ResearchPollOptions;
}

/**
 * /dashboard/investor-outreach (spec 2 §2): analytics, AI Research, and the Investors / Email Approvals tabs
 * (`?tab=emails` opens the second). Everything refreshes every INVESTORS.refreshMs.
 */
export function InvestorOutreachScreen({ userId, researchPoll }: InvestorOutreachScreenProps) {
  const analytics = useInvestorAnalytics(userId);
  const pending = usePendingEmails(userId);
  const research = useResearch(userId, researchPoll);
  const queryClient = useQueryClient();
  const fetching = useIsFetching({ queryKey: investorKeys.all(userId) }) > 0;
  const [investor, setInvestor] = useState<Investor | null>(null);
  const [email, setEmail] = useState<PendingEmail | null>(null);
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'emails' ? 'emails' : 'investors';
  const selectTab = (next: string) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next === 'emails') updated.set('tab', 'emails');
        else updated.delete('tab');
        return updated;
      },
      { replace: true },
    );

  const restricted =
    restrictedOn('investorOutreach', analytics.error) ?? restrictedOn('investorOutreach', pending.error);
  if (restricted) return restricted;

  return (
    <div className="mx-auto w-full max-w-6xl space-y-6 px-4 py-8 sm:px-6">
      <header className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <h1 className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">
            {INVESTOR_TEXT.title}
          </h1>
          <p className="mt-1 max-w-2xl text-sm text-slate-600 dark:text-slate-400">{INVESTOR_TEXT.intro}</p>
        </div>
        <div className="flex items-start gap-2">
          <button
            type="button"
            className={buttonClass}
            aria-label="Refresh"
            title="Refresh"
            onClick={() => void queryClient.invalidateQueries({ queryKey: investorKeys.all(userId) })}
          >
            <RefreshCw className={`size-4 ${fetching ? 'animate-spin' : ''}`} aria-hidden="true" />
          </button>
          <ResearchButton
            state={research.state}
            onStart={() => research.start(researchDescription(loadDraft(userId)))}
          />
        </div>
      </header>

      <AnalyticsStrip analytics={analytics.data} />

      <Tabs.Root value={tab} onValueChange={selectTab}>
        <Tabs.List
          aria-label="Investor outreach sections"
          className="inline-flex gap-1 rounded-lg bg-slate-100 p-1 dark:bg-slate-900"
        >
          <Tabs.Trigger value="investors" className={tabClass}>
            Investors
            <CountBadge count={analytics.data?.total} />
          </Tabs.Trigger>
          <Tabs.Trigger value="emails" className={tabClass}>
            Email Approvals
            <CountBadge count={pending.data?.length} />
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="investors" className="mt-6 focus-visible:outline-none">
          <InvestorsTab userId={userId} onOpen={setInvestor} />
        </Tabs.Content>
        <Tabs.Content value="emails" className="mt-6 focus-visible:outline-none">
          <EmailApprovalsTab emails={pending} onOpen={setEmail} />
        </Tabs.Content>
      </Tabs.Root>

      <InvestorDetailDialog
        userId={userId}
        investor={investor}
        onClose={() => setInvestor(null)}
        onUpdated={setInvestor}
      />
      {email && (
        <EmailDetailDialog key={email.id} userId={userId} email={email} onClose={() => setEmail(null)} />
      )}
    </div>
  );
}
