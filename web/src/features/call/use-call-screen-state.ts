import { useCallback, useEffect, useRef, useState } from 'react';
import { VOICE_TEXT } from '@cofounder/shared';
import type { CallState, TranscriptLine } from './use-voice-call.ts';

/** How a call ended: the banner's text (a call that simply ended has none) and the state it leaves. */
export interface CallEnding {
  error?: string;
  state?: CallState;
}

/**
 * What the call screen shows, whichever call runs it (realtime or local): the state, the banner, the duration,
 * mute and the live transcript, with the transitions both calls share. `end` is the call's own hang-up: leaving
 * the page or closing the tab runs it too.
 */
export function useCallScreenState() {
  const [state, setState] = useState<CallState>('disconnected');
  const [error, setError] = useState<string | null>(null);
  const [elapsed, setElapsed] = useState(0);
  const [muted, setMuted] = useState(false);
  const [transcript, setTranscript] = useState<TranscriptLine[]>([]);
  const mounted = useRef(true);
  const lineId = useRef(0);

  /** A new call: connecting, clock and transcript cleared; false (with the banner) when no one is signed in. */
  const begin = useCallback((signedIn: boolean): boolean => {
    setError(null);
    if (!signedIn) {
      setState('error');
      setError(VOICE_TEXT.notAuthenticated);
      return false;
    }
    setState('connecting');
    setElapsed(0);
    setTranscript([]);
    return true;
  }, []);

  /** The call is over: its state and banner (nothing when the page has gone). */
  const settle = useCallback((ending: CallEnding) => {
    if (!mounted.current) return;
    setMuted(false);
    setState(ending.state ?? 'disconnected');
    if (ending.error) setError(ending.error);
  }, []);

  /** Connected: the duration clock starts; at `maxSeconds` `onLimit` runs. Answers the timer to clear. */
  const startClock = useCallback((maxSeconds: number, onLimit: () => void) => {
    setState('connected');
    const startedAt = Date.now();
    return setInterval(() => {
      const seconds = Math.floor((Date.now() - startedAt) / 1000);
      setElapsed(seconds);
      if (seconds >= maxSeconds) onLimit();
    }, 250);
  }, []);

  const addLine = useCallback((line: Omit<TranscriptLine, 'id'>) => {
    const id = ++lineId.current;
    setTranscript((lines) => [...lines, { ...line, id }]);
  }, []);

  const dismissError = useCallback(() => {
    setError(null);
    setState((current) => (current === 'error' ? 'disconnected' : current));
  }, []);

  return { state, error, setError, elapsed, muted, setMuted, transcript, mounted, begin, settle, startClock, addLine, dismissError };
}

/** Closing or leaving the tab ends the call, as unmounting the screen does. */
export function useEndCallOnLeave(end: () => void, mounted: { current: boolean }) {
  useEffect(() => {
    mounted.current = true;
    const onPageHide = () => end();
    window.addEventListener('pagehide', onPageHide);
    return () => {
      window.removeEventListener('pagehide', onPageHide);
      mounted.current = false;
      end();
    };
  }, [end, mounted]);
}
