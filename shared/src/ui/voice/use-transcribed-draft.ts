import { useCallback, useState } from 'react';
import { appendTranscript } from './clock.ts';

export interface TranscribedDraft {
  draft: string;
  /** What the founder types, and the owner's clearing after a send; an emptied box drops the local label. */
  setDraft: (value: string) => void;
  /** Appends a transcript after what was typed (the recorder's onTranscript). */
  addTranscript: (text: string, source: { local: boolean }) => void;
  /** A local transcript is in the box: show VOICE_TEXT.localTranscription until it is sent or cleared. */
  localTranscript: boolean;
}

/** A message box's draft that remembers whether this server's own recogniser wrote part of it. */
export function useTranscribedDraft(): TranscribedDraft {
  const [draft, setDraftText] = useState('');
  const [local, setLocal] = useState(false);
  const setDraft = useCallback((value: string) => {
    setDraftText(value);
    if (value.trim() === '') setLocal(false);
  }, []);
  const addTranscript = useCallback((text: string, source: { local: boolean }) => {
    setDraftText((current) => appendTranscript(current, text));
    if (source.local) setLocal(true);
  }, []);
  return { draft, setDraft, addTranscript, localTranscript: local && draft.trim() !== '' };
}
