import ReactMarkdown, { type Components } from 'react-markdown';

/** Links leave the app in a new tab and give the opened page no handle back to this one. */
const COMPONENTS: Components = {
  a: ({ node: _node, ...props }) => <a {...props} target="_blank" rel="noopener noreferrer" />,
};

/**
 * react-markdown and its parser (~35 KB gzip), loaded by Markdown.tsx when a reply is first shown. Raw HTML in a
 * reply is dropped (`skipHtml`, and no rehype-raw), and react-markdown's default URL filter removes javascript:
 * and other unsafe link targets, so a reply can never inject markup.
 */
export default function MarkdownContent({ text }: { text: string }) {
  return (
    <ReactMarkdown skipHtml components={COMPONENTS}>
      {text}
    </ReactMarkdown>
  );
}
