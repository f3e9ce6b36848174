import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { MODEL_SETTINGS_ANCHOR } from '@cofounder/shared/ui';
import { useModelSettings } from '../../../data/model-settings/use-model-settings.ts';
import { Spinner } from '../../layout/Spinner.tsx';
import { LocalServers } from './LocalServers.tsx';
import { ModelConnectionForm } from './ModelConnectionForm.tsx';
import { answeringText } from '@cofounder/shared';
import { MODEL_TEXT } from './model-texts.ts';

/**
 * Settings → Model: who answers the founder now, the form that connects their own model, and the model servers
 * found on this machine. The offline labels elsewhere link here (/dashboard/settings#model).
 */
export function ModelSection({ ready = true }: { ready?: boolean }) {
  const settings = useModelSettings();
  const section = useRef<HTMLElement>(null);
  const { hash, key } = useLocation();
  // Arriving from an offline label: the section renders after the page, so the browser's own jump misses it; and
  // the form above it grows once loaded (`ready`), which would push it back out of view.
  useEffect(() => {
    if (ready && hash === `#${MODEL_SETTINGS_ANCHOR}`) section.current?.scrollIntoView?.({ block: 'start' });
  }, [hash, key, ready]);

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
      <p className="mt-1 text-sm text-slate-500 dark:text-slate-400">{MODEL_TEXT.intro}</p>
      {settings.isPending ? (
        <p className="mt-4 flex items-center gap-2 text-sm text-slate-500 dark:text-slate-400">
          <Spinner />
          {MODEL_TEXT.loading}
        </p>
      ) : settings.isError ? (
        <p role="alert" className="mt-4 text-sm text-red-700 dark:text-red-300">
          {MODEL_TEXT.loadFailed}{' '}
          <button type="button" className="font-medium underline" onClick={() => void settings.refetch()}>
            {MODEL_TEXT.tryAgain}
          </button>
        </p>
      ) : (
        <>
          <dl className="mt-4">
            <dt className="text-xs font-medium text-slate-500 uppercase dark:text-slate-400">
              Answering now
            </dt>
            <dd data-testid="model-answering" className="mt-1 font-semibold text-slate-900 dark:text-white">
              {answeringText(settings.data.answering)}
            </dd>
          </dl>
          <ModelConnectionForm settings={settings.data} />
        </>
      )}
      <LocalServers saved={settings.data?.connection ?? null} />
    </section>
  );
}
