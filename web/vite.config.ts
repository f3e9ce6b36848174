import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

// In development the API, the local auth server and the dev mailbox live on the Koa server; proxying them keeps
// the browser on one origin, exactly as in production where the server serves web/dist itself.
const serverUrl = process.env.SERVER_URL ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  server: {
    port: 5173,
    proxy: {
      '/api': serverUrl,
      '/auth': serverUrl,
      // /dev/checkout is a page of this app (the local checkout); the rest of /dev (the mailbox) is the server's.
      '^/dev/(?!checkout)': serverUrl,
      // The onboarding status calls sit outside /api (spec 1 §7); /onboarding itself is a page of this app.
      '^/onboarding/[^/]+/(status|complete)$': serverUrl,
      // Transcription too (spec 1 §7: /transcription and /transcription/status); no page has that path.
      '/transcription': serverUrl,
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      // @cofounder/shared is TS source without a package "sideEffects" flag; its modules only declare things, so
      // let the bundler drop unused ones (the shared/ui barrel would otherwise pull the dialog into the entry).
      treeshake: { moduleSideEffects: [{ test: /[\\/]shared[\\/]src[\\/]/, sideEffects: false }] },
      // Big libraries every page needs get their own long-cached chunks instead of one oversized entry.
      output: {
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
            { name: 'supabase', test: /node_modules[\\/]@supabase[\\/]/ },
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/ },
          ],
        },
      },
    },
  },
});
