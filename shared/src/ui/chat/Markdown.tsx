import { lazy, Suspense } from 'react';

// The renderer loads with the first reply shown: a chat that opens empty, or on the user's own words, never
// downloads it.
const MarkdownContent = lazy(() => import('./MarkdownContent.tsx'));

const PROSE =
  'break-words [&_a]:font-medium [&_a]:underline [&_blockquote]:border-l-2 [&_blockquote]:pl-3 [&_code]:rounded [&_code]:bg-black/10 [&_code]:px-1 [&_h1]:font-semibold [&_h2]:font-semibold [&_h3]:font-semibold [&_li]:my-0.5 [&_ol]:list-decimal [&_ol]:pl-5 [&>*+*]:mt-2 [&_pre]:overflow-x-auto [&_pre]:rounded-lg [&_pre]:bg-black/10 [&_pre]:p-2 [&_pre_code]:bg-transparent [&_ul]:list-disc [&_ul]:pl-5 dark:[&_code]:bg-white/10 dark:[&_pre]:bg-white/10';

/** The intern's Markdown, rendered safely (MarkdownContent.tsx); the plain text until the renderer arrives. */
export function Markdown({ text }: { text: string }) {
  return (
    <div className={PROSE}>
      <Suspense fallback={<p className="whitespace-pre-wrap">{text}</p>}>
        <MarkdownContent text={text} />
      </Suspense>
    </div>
  );
}
