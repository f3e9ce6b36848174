import { Link } from 'react-router';
import {
  ChatComposer,
  ChatThread,
  LocalTranscriptionNote,
  useMarkdownReady,
  useTranscribedDraft,
  useVoiceRecorder,
  VoiceRecorderButton,
} from '@cofounder/shared/ui';
import { useConversation } from '../../data/conversation/use-conversation.ts';
import { useInternName } from '../../data/intern-settings/use-intern-name.ts';
import { useTranscription } from '../../data/voice/use-transcription.ts';
import { ChatHeader } from './ChatHeader.tsx';
import { LocalModelOfferSlot } from './LocalModelOfferSlot.tsx';
import { SuggestedPrompts } from './SuggestedPrompts.tsx';
import { useChatSession } from './use-chat-session.ts';
import { toastVoiceNotice } from './voice-notices.ts';

/** One empty list, so the thread is not recomputed on every render while the history loads. */
const NO_MESSAGES: never[] = [];

/** The chat screen of spec 1 §2: history (more on scroll up), the streamed send flow, prompts when empty. */
export function ChatScreen({ userId }: { userId: string }) {
  const internName = useInternName(userId);
  const history = useConversation(userId);
  const { draft, setDraft, addTranscript, localTranscript } = useTranscribedDraft();
  const session = useChatSession(userId, history.data?.messages ?? NO_MESSAGES);
  const { thread } = session;
  const streaming = thread.some((m) => m.streaming);
  // Sending waits for the history so new messages never land above messages still loading; the thread shows it
  // once stored replies can render as Markdown (no plain-text frame that then changes height).
  const storedReplies = history.data?.messages.some((m) => m.role === 'intern') ?? false;
  const markdownReady = useMarkdownReady(storedReplies);
  const ready = !history.isPending && markdownReady;
  // Voice input only fills the message box: the founder reads and edits the transcript before sending it.
  const recorder = useVoiceRecorder({
    ...useTranscription(),
    onTranscript: addTranscript,
    onNotice: toastVoiceNotice,
  });

  function send(text: string) {
    setDraft('');
    void session.send(text);
  }

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <h1 className="sr-only">Chat</h1>
      <ChatHeader userId={userId} internName={internName} typing={session.pending} />
      <LocalModelOfferSlot />
      {history.isError && (
        <p
          role="alert"
          className="border-b border-red-200 bg-red-50 px-4 py-2 text-sm text-red-700 dark:border-red-500/30 dark:bg-red-500/10 dark:text-red-300"
        >
          Your earlier messages could not be loaded. New messages still work.
        </p>
      )}
      <ChatThread
        className="min-h-0 flex-1"
        messages={ready ? thread : NO_MESSAGES}
        assistantName={internName}
        typing={session.pending && !streaming}
        hasOlder={history.hasNextPage}
        loadingOlder={history.isFetchingNextPage}
        onLoadOlder={() => void history.fetchNextPage()}
        empty={
          ready ? (
            <SuggestedPrompts internName={internName} onPick={send} disabled={session.pending} />
          ) : undefined
        }
      />
      {session.trialEnded && (
        <div className="flex items-center justify-between gap-3 border-t border-indigo-200 bg-indigo-50 px-4 py-2 text-sm text-indigo-900 dark:border-indigo-500/30 dark:bg-indigo-500/10 dark:text-indigo-100">
          <p>Pick a plan to keep working with your co-founder.</p>
          <Link
            to="/pricing"
            className="shrink-0 rounded-lg bg-indigo-600 px-3 py-1.5 font-semibold text-white hover:bg-indigo-500 focus-visible:ring-2 focus-visible:ring-indigo-400 focus-visible:outline-none"
          >
            Upgrade
          </Link>
        </div>
      )}
      <div className="border-t border-slate-200 p-3 dark:border-slate-800">
        <ChatComposer
          value={draft}
          onChange={setDraft}
          onSend={send}
          pending={session.pending || !ready}
          placeholder={`Message ${internName}...`}
          accessory={<VoiceRecorderButton recorder={recorder} />}
        />
        {localTranscript && <LocalTranscriptionNote className="mt-1.5" />}
      </div>
    </div>
  );
}
