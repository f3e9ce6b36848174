import { useCallback } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useApi } from '../api-context.tsx';
import { useConfig } from '../config/use-config.ts';
import { useModelSettings } from '../model-settings/use-model-settings.ts';
import { voiceKeys } from './keys.ts';

/** How long the status answer is trusted: a provider is configured at start-up, it rarely changes. */
const STATUS_STALE_MS = 5 * 60_000;

/**
 * Voice-to-text for a message box: whether this founder can transcribe (their model settings say so — their own
 * connection or the server's speech; the server's config while those load — and GET /transcription/status agrees),
 * with which engine (the recorder converts to WAV for 'local'), why not when it cannot, and the upload itself.
 */
export function useTranscription() {
  const api = useApi();
  const server = useConfig().voice;
  const settings = useModelSettings().data?.voice;
  const configured = settings?.transcription ?? server.transcription;
  const status = useQuery({
    queryKey: voiceKeys.transcriptionStatus(),
    queryFn: () => api.transcriptionStatus(),
    enabled: configured,
    staleTime: STATUS_STALE_MS,
    retry: false,
  });
  const transcribe = useCallback(
    (audio: Blob, filename: string) => api.transcribe(audio, { filename }),
    [api],
  );
  const available = configured && status.data?.available === true;
  return {
    available,
    // The status speaks for this founder; the settings and the config are what is known before it answers.
    engine: status.data?.engine ?? settings?.transcriptionEngine ?? server.engine ?? null,
    unavailableReason: available ? null : (status.data?.reason ?? server.reason ?? null),
    transcribe,
  };
}
