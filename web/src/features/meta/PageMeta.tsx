import { OG_IMAGE, type PageMetaInfo } from './route-meta.ts';

/**
 * A page's <title>, description and social tags. React 19 hoists <title>, <meta> and <link> rendered anywhere into
 * <head> and removes them on unmount, so the tags follow navigation; index.html holds the defaults for crawlers
 * that do not run scripts (the landing and island pages get theirs from page-head.ts on the server). `noindex` keeps
 * diagnostic pages out of search results.
 */
export function PageMeta({ title, description, noindex = false }: PageMetaInfo & { noindex?: boolean }) {
  return (
    <>
      <title>{title}</title>
      <meta name="description" content={description} />
      <meta property="og:title" content={title} />
      <meta property="og:description" content={description} />
      <meta property="og:type" content="website" />
      <meta property="og:image" content={new URL(OG_IMAGE, window.location.origin).href} />
      <meta name="twitter:card" content="summary_large_image" />
      <meta name="twitter:title" content={title} />
      <meta name="twitter:description" content={description} />
      {noindex && <meta name="robots" content="noindex" />}
    </>
  );
}
