import { EXTENSION } from '@cofounder/shared';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig, type WxtViteConfig } from 'wxt';

// Local servers are reachable out of the box (a match pattern without a port matches every port);
// any other server is granted at the moment the user saves its URL in the popup.
const LOCAL_HOSTS = ['http://localhost/*', 'http://127.0.0.1/*'];
const OTHER_HOSTS = ['https://*/*', 'http://*/*'];
const EXTENSION_PAGES_CSP = "script-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'";
// Pages that may message the extension ("Connect extension" on the dashboard): local servers, plus a hosted
// dashboard named at build time. The extension still accepts only the server it is configured for.
const DASHBOARD_PAGES = [
  ...LOCAL_HOSTS,
  ...(process.env.DASHBOARD_ORIGIN ? [`${process.env.DASHBOARD_ORIGIN}/*`] : []),
];

// The product's mark at every size Chrome and Firefox ask for (public/icon, drawn by scripts/generate-icons.mjs);
// the toolbar button's own icon is named in popup/index.html, which WXT turns into action.default_icon.
const ICONS = Object.fromEntries([16, 32, 48, 128].map((size) => [size, `/icon/${size}.png`]));

export default defineConfig({
  srcDir: 'src',
  modules: ['@wxt-dev/module-react'],
  // Explicit imports keep every file readable on its own (and linted like the rest of the repo).
  imports: false,
  // Extension pages load from the installed package, not over the network: the web's 500 kB hint does not apply.
  // Tailwind: the side panel renders the shared chat pieces, which carry the dashboard's Tailwind classes. The
  // plugin is typed against the workspace's Vite, WXT runs its own copy; the plugin hooks it uses are the same.
  vite: () => ({
    plugins: tailwindcss() as unknown as WxtViteConfig['plugins'],
    build: {
      chunkSizeWarningLimit: 1000,
      rollupOptions: {
        // zod's published build has comments next to its /* @__PURE__ */ marks that Rollup cannot place; it drops
        // them, which changes nothing. Every other warning is still printed.
        onwarn(warning, warn) {
          if (warning.code === 'INVALID_ANNOTATION' && warning.id?.includes('/node_modules/zod/')) return;
          warn(warning);
        },
      },
    },
  }),
  manifest: ({ manifestVersion }) => ({
    name: 'Cofounder',
    description:
      'Your AI co-founder beside every page: chat in the side panel, task counts and usage at a glance.',
    icons: ICONS,
    // storage: session and cache; alarms: the badge refresh; contextMenus: "Ask my co-founder"; activeTab +
    // scripting: read the current page only when the founder asks ("Use this page") and put a voice note into its
    // focused field; clipboardWrite: a voice note with no field to go into is copied; sidePanel: the chat;
    // offscreen: the page that records a voice note (MV3: the service worker cannot use the microphone).
    permissions: [
      'storage',
      'alarms',
      'contextMenus',
      'activeTab',
      'scripting',
      'clipboardWrite',
      ...(manifestVersion === 3 ? ['sidePanel', 'offscreen'] : []),
    ],
    // Strict CSP for every extension page: only the package's own scripts, no plugins, no <base>, never framed.
    content_security_policy:
      manifestVersion === 3 ? { extension_pages: EXTENSION_PAGES_CSP } : EXTENSION_PAGES_CSP,
    // Quick voice-to-text from the keyboard (the founder can change the keys at chrome://extensions/shortcuts).
    commands: {
      'quick-voice': {
        suggested_key: { default: 'Alt+Shift+V' },
        description: 'Quick voice note into the focused field',
      },
    },
    host_permissions: LOCAL_HOSTS,
    // Firefox: a fixed add-on id, and what the add-on sends to the founder's own Cofounder server (sign-in, chat
    // messages, and a page's title, address and selection when they attach it).
    browser_specific_settings: {
      gecko: {
        id: 'extension@cofounder.app',
        data_collection_permissions: {
          required: ['authenticationInfo', 'personalCommunications', 'websiteContent'],
        },
      },
    },
    // MV2 (the Firefox build) has no optional_host_permissions: origins go into optional_permissions there.
    ...(manifestVersion === 3
      ? { optional_host_permissions: OTHER_HOSTS }
      : { optional_permissions: OTHER_HOSTS }),
    // Chrome: a fixed key gives every build the id the dashboard messages; Firefox has no web-page messaging.
    ...(manifestVersion === 3
      ? { key: EXTENSION.publicKey, externally_connectable: { matches: DASHBOARD_PAGES } }
      : {}),
  }),
});
