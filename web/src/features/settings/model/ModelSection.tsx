import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { MODEL_SETTINGS_ANCHOR } from '@cofounder/shared/ui';
import { useConfig } from '../../../data/config/use-config.ts';
import { LocalServers } from './LocalServers.tsx';

export const OFFLINE_MODEL_TEXT = 'Offline co-founder (no language model)';

/**
 * Settings → Model: which model answers now and how to connect one. Read-only until a founder can save their own
 * model; the offline labels elsewhere link here (/dashboard/settings#model).
 */
export function ModelSection({ ready = true }: { ready?: boolean }) {
  const config = useConfig();
  const section = useRef<HTMLElement>(null);
  const { hash, key } = useLocation();
  // Arriving from an offline label: the section renders after the page, so the browser's own jump misses it; and
  // the form above it grows once loaded (`ready`), which would push it back out of view.
  useEffect(() => {
    if (ready && hash === `#${MODEL_SETTINGS_ANCHOR}`) section.current?.scrollIntoView?.({ block: 'start' });
  }, [hash, key, ready]);

  const answering =
    config.modes.ai === 'local' ? OFFLINE_MODEL_TEXT : (config.aiModel ?? "The server's configured model");
  return (
    <section
      id={MODEL_SETTINGS_ANCHOR}
      ref={section}
      aria-labelledby="model-settings-heading"
      className="mt-6 scroll-mt-6 rounded-xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-800 dark:bg-slate-950"
    >
      <h2 id="model-settings-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
        Model
      </h2>
      <p className="mt-1 text-sm text-slate-500 dark:text-slate-400">
        The language model that writes your co-founder's replies.
      </p>
      <dl className="mt-4">
        <dt className="text-xs font-medium text-slate-500 uppercase dark:text-slate-400">Answering now</dt>
        <dd data-testid="model-answering" className="mt-1 font-semibold text-slate-900 dark:text-white">
          {answering}
        </dd>
      </dl>
      <p className="mt-4 text-sm text-slate-700 dark:text-slate-300">
        To connect a model today, set <code>OPENAI_API_KEY</code> on the server to an OpenAI key, or point{' '}
        <code>OPENAI_BASE_URL</code> at an OpenAI-compatible server such as a local Ollama, then restart the
        server. Connecting a model from this page is not available yet.
      </p>
      <LocalServers />
    </section>
  );
}
