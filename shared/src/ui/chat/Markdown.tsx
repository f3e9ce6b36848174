import ReactMarkdown, { type Components } from 'react-markdown';

/** Links leave the app in a new tab and give the opened page no handle back to this one. */
const COMPONENTS: Components = {
  a: ({ node: _node, ...props }) => <a {...props} target="_blank" rel="noopener noreferrer" />,
};

const PROSE =
  'break-words [&_a]:font-medium [&_a]:underline [&_blockquote]:border-l-2 [&_blockquote]:pl-3 [&_code]:rounded [&_code]:bg-black/10 [&_code]:px-1 [&_h1]:font-semibold [&_h2]:font-semibold [&_h3]:font-semibold [&_li]:my-0.5 [&_ol]:list-decimal [&_ol]:pl-5 [&>*+*]:mt-2 [&_pre]:overflow-x-auto [&_pre]:rounded-lg [&_pre]:bg-black/10 [&_pre]:p-2 [&_pre_code]:bg-transparent [&_ul]:list-disc [&_ul]:pl-5 dark:[&_code]:bg-white/10 dark:[&_pre]:bg-white/10';

/**
 * The intern's Markdown. Raw HTML in a reply is dropped (`skipHtml`, and no rehype-raw), and react-markdown's
 * default URL filter removes javascript: and other unsafe link targets, so a reply can never inject markup.
 */
export function Markdown({ text }: { text: string }) {
  return (
    <div className={PROSE}>
      <ReactMarkdown skipHtml components={COMPONENTS}>
        {text}
      </ReactMarkdown>
    </div>
  );
}
