import type { SmsMessage } from '@cofounder/shared';
import { messageTime } from '@cofounder/shared';

/** SMS bubbles: the founder's texts (in) on the right, the co-founder's (out) on the left, each with its time. */
export function SmsBubbles({ messages, label }: { messages: SmsMessage[]; label: string }) {
  return (
    <ol aria-label={label} className="space-y-3">
      {messages.map((m) => {
        const mine = m.direction === 'in';
        return (
          <li
            key={m.id}
            data-direction={m.direction}
            className={`flex ${mine ? 'justify-end' : 'justify-start'}`}
          >
            <div
              className={`max-w-[80%] rounded-2xl px-4 py-2 text-sm ${
                mine
                  ? 'rounded-br-sm bg-indigo-600 text-white'
                  : 'rounded-bl-sm bg-slate-100 text-slate-900 dark:bg-slate-800 dark:text-slate-100'
              }`}
            >
              <p className="break-words whitespace-pre-wrap">{m.body}</p>
              <p
                className={`mt-1 text-xs ${mine ? 'text-indigo-100' : 'text-slate-500 dark:text-slate-400'}`}
              >
                <span className="sr-only">{mine ? 'You, ' : 'Co-founder, '}</span>
                <time dateTime={m.createdAt}>{messageTime(m.createdAt)}</time>
              </p>
            </div>
          </li>
        );
      })}
    </ol>
  );
}
