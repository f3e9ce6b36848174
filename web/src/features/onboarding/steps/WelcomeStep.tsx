/** Step 0: what the next few minutes bring. */
export function WelcomeStep() {
  return (
    <div className="space-y-3 text-center">
      <h2 className="text-2xl font-bold text-slate-900 dark:text-white">Meet your AI co-founder</h2>
      <p className="text-slate-600 dark:text-slate-300">
        Tell it about you, your idea and your goals. After a short conversation it will have a first plan of
        tasks ready for you.
      </p>
    </div>
  );
}
