import { CHAT, CHAT_LENGTH_TEXT } from '../../constants.ts';

/** Under a message box near its limit: the count, and once past it why the message cannot be sent. */
export function MessageLengthNote({ length, max }: { length: number; max: number }) {
  if (length < max * CHAT.lengthCounterFromShare) return null;
  const over = length - max;
  return (
    <div className="mt-1.5 flex flex-wrap items-baseline justify-between gap-x-3 text-xs">
      {over > 0 ? (
        <p role="alert" className="text-red-700 dark:text-red-300">
          {CHAT_LENGTH_TEXT.tooLong(over, max)}
        </p>
      ) : (
        <span />
      )}
      <p
        aria-live="polite"
        className={over > 0 ? 'font-medium text-red-700 dark:text-red-300' : 'text-slate-500 dark:text-slate-400'}
      >
        {CHAT_LENGTH_TEXT.count(length, max)}
      </p>
    </div>
  );
}
