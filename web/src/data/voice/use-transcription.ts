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
 * connection or the server's speech; the server's config while those load — and GET /transcription/status agrees)
 * and the upload itself (POST /transcription).
 */
export function useTranscription() {
  const api = useApi();
  const serverSpeech = useConfig().voice.transcription;
  const configured = useModelSettings().data?.voice.transcription ?? serverSpeech;
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
  return { available: configured && status.data?.available === true, transcribe };
}
