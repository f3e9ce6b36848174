import { describe, expect, it } from 'vitest';
import { DEFERRED_MODULE_LOADER, deferModules } from './deferred-modules.ts';

// The head Vite writes into dist/index.html.
const BUILT = `<!doctype html>
<html lang="en">
  <head>
    <title>Cofounder</title>
    <script type="module" crossorigin src="/assets/main-abc.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-def.js">
    <link rel="modulepreload" crossorigin href="/assets/router-ghi.js">
    <link rel="stylesheet" crossorigin href="/assets/main-jkl.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

describe('modules loaded after the first paint', () => {
  it('moves the entry and its preloads out of the head, into a list the constant loader reads', () => {
    const html = deferModules(BUILT);
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).not.toContain('<script');
    expect(head).not.toContain('modulepreload');
    // The stylesheet stays: it is what the first paint needs.
    expect(head).toContain('<link rel="stylesheet" crossorigin href="/assets/main-jkl.css">');
    const list = /<script type="application\/json" id="app-modules">(.*?)<\/script>/.exec(html)?.[1];
    expect(JSON.parse(list!)).toEqual({ entry: '/assets/main-abc.js', preload: ['/assets/react-def.js', '/assets/router-ghi.js'] });
    expect(html).toContain(`<script>${DEFERRED_MODULE_LOADER}</script>\n  </body>`);
  });

  it('leaves a page without a module script as it is', () => {
    const plain = '<!doctype html><html><head></head><body><div id="root"></div></body></html>';
    expect(deferModules(plain)).toBe(plain);
  });
});
