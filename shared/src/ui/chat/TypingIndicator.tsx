/** Three pulsing dots while the intern writes; the status text tells screen readers the same. */
export function TypingIndicator({ name }: { name: string }) {
  return (
    <div role="status" className="flex items-center gap-2 px-1 py-2">
      <span className="flex gap-1 rounded-2xl bg-slate-100 px-3 py-2.5 dark:bg-slate-800" aria-hidden="true">
        {[0, 150, 300].map((delay) => (
          <span
            key={delay}
            className="size-2 animate-bounce rounded-full bg-slate-400 dark:bg-slate-500"
            style={{ animationDelay: `${delay}ms` }}
          />
        ))}
      </span>
      <span className="sr-only">{name} is typing</span>
    </div>
  );
}
