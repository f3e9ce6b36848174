import { useCallback, useEffect, useRef, useState } from 'react';
import {
  draftProfile,
  ONBOARDING_TEXT,
  type AiResponse,
  type OnboardingDraft,
  type OnboardingTurnBody,
} from '@cofounder/shared';
import type { ThreadMessage } from '@cofounder/shared/ui';
import { useOnboardingTurn } from '../../data/onboarding/use-onboarding-turn.ts';

let sequence = 0;
/** A message of the conversation; the co-founder's carry who wrote them, so an offline one is labelled. */
function message(role: 'user' | 'ai', text: string, producedBy?: string | null): ThreadMessage {
  sequence += 1;
  return {
    id: `onboarding-${sequence}`,
    role,
    text,
    timestamp: new Date().toISOString(),
    ...(producedBy ? { producedBy } : {}),
  };
}

/**
 * The onboarding conversation (step 5): opens with the co-founder's first question (an empty-text turn),
 * sends the profile with the first turn that reaches the server, and reports `ready_to_work` through `onReady`.
 */
export function useOnboardingConversation(
  userId: string,
  draft: OnboardingDraft,
  active: boolean,
  onReady: () => void,
) {
  const { mutateAsync: postTurn } = useOnboardingTurn(userId);
  const [messages, setMessages] = useState<ThreadMessage[]>([]);
  const [loading, setLoading] = useState(false);
  const [ready, setReady] = useState(false);
  const profileSent = useRef(false);
  const started = useRef(false);
  const busy = useRef(false);

  const runTurn = useCallback(
    async (body: Omit<OnboardingTurnBody, 'conversation_type' | 'profile'>): Promise<AiResponse> => {
      const profile = profileSent.current ? undefined : (draftProfile(draft) ?? undefined);
      const reply = await postTurn({ ...body, conversation_type: 'fast_onboarding', profile });
      if (profile) profileSent.current = true;
      return reply.aiResponse;
    },
    [draft, postTurn],
  );

  /** One exchange: the co-founder's reply, or `fallback` when the call fails (spec 1 §8). */
  const exchange = useCallback(
    async (text: string, fallback: string) => {
      busy.current = true;
      setLoading(true);
      try {
        const ai = await runTurn({ role: 'user', text });
        setMessages((list) => [...list, message('ai', ai.message, ai.produced_by)]);
        if (ai.ready_to_work) {
          setReady(true);
          onReady();
        }
      } catch {
        setMessages((list) => [...list, message('ai', fallback)]);
      } finally {
        busy.current = false;
        setLoading(false);
      }
    },
    [onReady, runTurn],
  );

  useEffect(() => {
    if (!active || started.current) return;
    started.current = true;
    void exchange('', ONBOARDING_TEXT.openingFallback);
  }, [active, exchange]);

  /** Sends the founder's answer; empty text, a pending reply or a finished conversation send nothing. */
  const send = useCallback(
    (text: string) => {
      const trimmed = text.trim();
      if (!trimmed || busy.current || ready) return;
      setMessages((list) => [...list, message('user', trimmed)]);
      void exchange(trimmed, ONBOARDING_TEXT.chatError);
    },
    [exchange, ready],
  );

  /** "Skip & Start Working": ends the conversation on the server; resolves false when that call failed. */
  const skip = useCallback(async () => {
    busy.current = true;
    setLoading(true);
    try {
      await runTurn({ role: 'user', text: 'Skip', skip_conversation: true });
      return true;
    } catch {
      return false;
    } finally {
      busy.current = false;
      setLoading(false);
    }
  }, [runTurn]);

  return { messages, loading, ready, send, skip };
}
