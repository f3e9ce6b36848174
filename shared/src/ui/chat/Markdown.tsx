import { lazy, Suspense, useEffect, useState } from 'react';
import type MarkdownContent from './MarkdownContent.tsx';

interface Renderer {
  default: typeof MarkdownContent;
}

// The renderer loads with the first reply shown: a chat that opens empty, or on the user's own words, never
// downloads it. Once loaded, every reply renders with it at once (no plain-text frame first).
let renderer: Renderer | undefined;
let loading: Promise<Renderer> | undefined;

/** Starts loading the Markdown renderer (once); resolves when replies can render with it. */
export function loadMarkdown(): Promise<Renderer> {
  loading ??= import('./MarkdownContent.tsx').then((module) => (renderer = module));
  return loading;
}

const LazyMarkdownContent = lazy(loadMarkdown);

const PROSE =
  'break-words [&_a]:font-medium [&_a]:underline [&_blockquote]:border-l-2 [&_blockquote]:pl-3 [&_code]:rounded [&_code]:bg-black/10 [&_code]:px-1 [&_h1]:font-semibold [&_h2]:font-semibold [&_h3]:font-semibold [&_li]:my-0.5 [&_ol]:list-decimal [&_ol]:pl-5 [&>*+*]:mt-2 [&_pre]:overflow-x-auto [&_pre]:rounded-lg [&_pre]:bg-black/10 [&_pre]:p-2 [&_pre_code]:bg-transparent [&_ul]:list-disc [&_ul]:pl-5 dark:[&_code]:bg-white/10 dark:[&_pre]:bg-white/10';

/** The intern's Markdown, rendered safely (MarkdownContent.tsx); the plain text until the renderer arrives. */
export function Markdown({ text }: { text: string }) {
  const Loaded = renderer?.default;
  return (
    <div className={PROSE}>
      {Loaded ? (
        <Loaded text={text} />
      ) : (
        <Suspense fallback={<p className="whitespace-pre-wrap">{text}</p>}>
          <LazyMarkdownContent text={text} />
        </Suspense>
      )}
    </div>
  );
}

/**
 * Whether replies can render as Markdown, loading the renderer when `needed`: a thread that opens on stored replies
 * waits for it, so they do not first show as plain text and then change height (Lighthouse counted 0.55 of layout
 * shift on a 40-message chat). A renderer that fails to load does not hold the thread back.
 */
export function useMarkdownReady(needed: boolean): boolean {
  const [ready, setReady] = useState(() => renderer !== undefined);
  useEffect(() => {
    if (!needed || ready) return;
    let live = true;
    const done = () => live && setReady(true);
    loadMarkdown().then(done, done);
    return () => {
      live = false;
    };
  }, [needed, ready]);
  return ready || !needed;
}
