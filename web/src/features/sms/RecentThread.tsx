import type { UseQueryResult } from '@tanstack/react-query';
import type { SmsMessage } from '@cofounder/shared';
import { Spinner } from '../layout/Spinner.tsx';
import { buttonClass, cardClass } from '../work/labels.ts';
import { SmsBubbles } from './SmsThread.tsx';
import { SMS_TEXT } from './texts.ts';

/** The recent SMS thread with its loading, failure and empty states. */
export function RecentThread({ thread }: { thread: UseQueryResult<SmsMessage[]> }) {
  return (
    <section aria-labelledby="sms-thread" className={`${cardClass} space-y-4`}>
      <h2 id="sms-thread" className="font-semibold text-slate-900 dark:text-white">
        Recent texts
      </h2>
      {thread.isPending ? (
        <p role="status" className="flex items-center gap-2 text-sm text-slate-500">
          <Spinner />
          Loading texts...
        </p>
      ) : thread.isError && !thread.data ? (
        <div
          role="alert"
          className="flex flex-wrap items-center gap-3 text-sm text-red-600 dark:text-red-400"
        >
          {SMS_TEXT.threadFailed}
          <button type="button" className={buttonClass} onClick={() => void thread.refetch()}>
            {SMS_TEXT.tryAgain}
          </button>
        </div>
      ) : thread.data && thread.data.length > 0 ? (
        <SmsBubbles messages={thread.data} label="SMS thread" />
      ) : (
        <p className="text-sm text-slate-500 dark:text-slate-400">{SMS_TEXT.emptyThread}</p>
      )}
    </section>
  );
}
