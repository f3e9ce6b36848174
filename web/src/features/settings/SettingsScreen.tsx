import * as Tabs from '@radix-ui/react-tabs';
import { useSearchParams } from 'react-router';
import { useInternSettings } from '../../data/intern-settings/use-intern-settings.ts';
import { FormBanner } from '../auth/ui/FormBanner.tsx';
import { SubscriptionTab } from '../billing/SubscriptionTab.tsx';
import { Spinner } from '../layout/Spinner.tsx';
import { AiSettingsForm } from './AiSettingsForm.tsx';
import { ModelSection } from './model/ModelSection.tsx';

const tabClass =
  'rounded-md px-4 py-2 text-sm font-medium text-slate-600 transition hover:text-slate-900 focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none data-[state=active]:bg-white data-[state=active]:text-slate-900 data-[state=active]:shadow-sm dark:text-slate-400 dark:hover:text-white dark:data-[state=active]:bg-slate-800 dark:data-[state=active]:text-white';

// The panel is a Tab stop of its own (Radix Tabs): it shows the app's focus ring when it takes focus.
const panelClass =
  'mt-6 rounded-xl focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:ring-offset-4 focus-visible:outline-none dark:focus-visible:ring-offset-slate-950';

const TABS = ['ai', 'subscription'] as const;
type Tab = (typeof TABS)[number];

/**
 * /dashboard/settings: AI Settings (with Model, `#model`) and Subscription; `?tab=subscription` opens the second
 * (links from billing).
 */
export function SettingsScreen({ userId }: { userId: string }) {
  const settings = useInternSettings(userId);
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: Tab = TABS.includes(requested as Tab) ? (requested as Tab) : 'ai';
  const selectTab = (next: string) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next === 'ai') updated.delete('tab');
        else updated.set('tab', next);
        return updated;
      },
      { replace: true },
    );
  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-8 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">Settings</h1>
      <Tabs.Root value={tab} onValueChange={selectTab} className="mt-6">
        <Tabs.List
          aria-label="Settings sections"
          className="inline-flex gap-1 rounded-lg bg-slate-100 p-1 dark:bg-slate-900"
        >
          <Tabs.Trigger value="ai" className={tabClass}>
            AI Settings
          </Tabs.Trigger>
          <Tabs.Trigger value="subscription" className={tabClass}>
            Subscription
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="ai" className={panelClass}>
          <section className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-800 dark:bg-slate-950">
            <h2 className="text-lg font-semibold text-slate-900 dark:text-white">AI Settings</h2>
            <p className="mt-1 mb-6 text-sm text-slate-500 dark:text-slate-400">
              How your co-founder talks to you and what it puts first.
            </p>
            {settings.isPending ? (
              <p className="flex items-center justify-center gap-2 py-10 text-sm text-slate-500">
                <Spinner />
                Loading settings...
              </p>
            ) : settings.isError ? (
              <FormBanner tone="error">
                <p>Failed to load settings</p>
                <button
                  type="button"
                  className="font-medium underline"
                  onClick={() => void settings.refetch()}
                >
                  Try Again
                </button>
              </FormBanner>
            ) : (
              <AiSettingsForm userId={userId} saved={settings.data} />
            )}
          </section>
          <ModelSection ready={!settings.isPending} />
        </Tabs.Content>
        <Tabs.Content value="subscription" className={panelClass}>
          <h2 className="mb-4 text-lg font-semibold text-slate-900 dark:text-white">Subscription</h2>
          <SubscriptionTab userId={userId} />
        </Tabs.Content>
      </Tabs.Root>
    </div>
  );
}
