/**
 * The only content of screens whose real page arrives with a later issue: the screen's name as its heading,
 * inside the right layout, and nothing that pretends to work.
 */
export function PageHeading({ title }: { title: string }) {
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">{title}</h1>
    </div>
  );
}
