import { SMS } from '@cofounder/shared';
import { useSmsMessages } from '../../data/sms/use-sms-messages.ts';
import { useSmsStatus } from '../../data/sms/use-sms-status.ts';
import { restrictedOn } from '../billing/RestrictedFeature.tsx';
import { Spinner } from '../layout/Spinner.tsx';
import { buttonClass, cardClass } from '../work/labels.ts';
import { Compliance } from './Compliance.tsx';
import { LocalSimulator } from './LocalSimulator.tsx';
import { RecentThread } from './RecentThread.tsx';
import { SetupSteps } from './SetupSteps.tsx';
import { SMS_TEXT } from './texts.ts';
import { VerifiedPanel } from './VerifiedPanel.tsx';

/**
 * /dashboard/sms (spec 2 §2 "Phone Integration"): not verified → the setup steps, polling the status every
 * SMS.pollMs until the founder's text arrives; verified → the connected number, text / Call Now and the recent
 * thread. Local mode adds the text simulator and the outbox. A 403 upgradeRequired from any call → the
 * restricted page.
 */
export function PhoneScreen({ userId }: { userId: string }) {
  const status = useSmsStatus(userId);
  const local = status.data?.mode === 'local';
  // The thread matters once verified, and in local mode (its outgoing texts are the outbox).
  const thread = useSmsMessages(userId, status.data !== undefined && (status.data.isVerified || local));

  const restricted = restrictedOn('phone', status.error) ?? restrictedOn('phone', thread.error);
  if (restricted) return restricted;

  return (
    <div className="mx-auto w-full max-w-4xl space-y-6 px-4 py-8 sm:px-6">
      <header>
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">{SMS_TEXT.title}</h1>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{SMS_TEXT.intro}</p>
      </header>

      {status.isPending ? (
        <p role="status" className="flex items-center gap-2 py-8 text-sm text-slate-500">
          <Spinner />
          Loading phone status...
        </p>
      ) : status.isError && !status.data ? (
        <div role="alert" className={`${cardClass} flex flex-wrap items-center gap-3`}>
          <p className="flex-1 text-sm text-red-600 dark:text-red-400">{SMS.texts.statusFailed}</p>
          <button type="button" className={buttonClass} onClick={() => void status.refetch()}>
            {SMS_TEXT.tryAgain}
          </button>
        </div>
      ) : status.data.isVerified ? (
        <>
          <VerifiedPanel status={status.data} />
          <RecentThread thread={thread} />
        </>
      ) : (
        <SetupSteps userId={userId} status={status.data} />
      )}

      {local && status.data && (
        <LocalSimulator userId={userId} phoneNumber={status.data.phoneNumber} messages={thread.data} />
      )}

      <Compliance />
    </div>
  );
}
