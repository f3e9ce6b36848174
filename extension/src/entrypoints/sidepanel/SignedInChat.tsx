import type { Session } from '@supabase/auth-js';
import { MODE_TEXT, type Api, type PublicConfig } from '@cofounder/shared';
import { browser } from 'wxt/browser';
import {
  ChatComposer,
  ChatThread,
  ConnectModelContext,
  LocalTranscriptionNote,
  MODEL_SETTINGS_PATH,
  type ConnectModelLink,
  OfflineBadge,
  PageChip,
  useChatSend,
  UsageMeter,
  useTranscribedDraft,
  VoiceRecorderButton,
} from '@cofounder/shared/ui';
import { answersOffline } from './answers-offline.ts';
import { useAttachedPage } from './use-attached-page.ts';
import { useHistory } from './use-history.ts';
import { useInternName } from './use-intern-name.ts';
import { useUsage } from './use-usage.ts';
import { useVoiceInput } from './use-voice-input.ts';
import { useModelSettings } from '../../lib/hooks/use-model-settings.ts';
import type { SupabaseClient } from '../../lib/supabase.ts';

interface SignedInChatProps {
  session: Session;
  supabase: SupabaseClient;
  api: Api;
  config: PublicConfig;
  /** The dashboard's server, for the offline label's link to Settings → Model. */
  serverUrl: string;
}

/** The dashboard's chat beside the page: history, streamed replies, the inline usage meter, "Use this page". */
export function SignedInChat({ session, supabase, api, config, serverUrl }: SignedInChatProps) {
  const userId = session.user.id;
  const history = useHistory(api, userId);
  const usage = useUsage(api);
  const internName = useInternName(api, userId);
  const model = useModelSettings(api);
  const attached = useAttachedPage();
  const { draft, setDraft, addTranscript, localTranscript } = useTranscribedDraft();
  // Voice fills the message box only: the founder reads and edits the transcript before sending it.
  const voice = useVoiceInput(api, config, addTranscript);
  const chat = useChatSend(history.messages, {
    sendStream: (body, onDelta) => api.sendMessageStream(userId, body, { onDelta }),
    onStored: history.append,
    onUsageChanged: usage.refresh,
    // The server refused the session: forget it, and the panel shows its signed-out message.
    onSessionExpired: () => void supabase.auth.signOut({ scope: 'local' }),
  });
  const streaming = chat.thread.some((m) => m.streaming);
  const offline = answersOffline(config.modes.ai, model.state);
  // Sending waits for the history so new messages never land above messages still loading.
  const ready = history.status !== 'loading';

  function send(text: string) {
    setDraft('');
    voice.clearNotice();
    void chat.send(text, attached.page ?? undefined);
    attached.clear();
  }

  // Settings → Model in a dashboard tab of its own: the panel never navigates away.
  const connect: ConnectModelLink = {
    href: `${serverUrl}${MODEL_SETTINGS_PATH}`,
    newTab: true,
    navigate: (url) => void browser.tabs.create({ url }),
  };
  return (
    <ConnectModelContext value={connect}>
      <main className="panel">
        <header className="panel-header">
          <div className="panel-title">
            <h1>{internName}</h1>
            {/* One status, as in the dashboard's chat: the offline co-founder's badge takes the place of "Online". */}
            {offline && <OfflineBadge connect={connect} />}
            <span className="panel-status" aria-live="polite">
              {chat.pending ? MODE_TEXT.typing : offline ? null : MODE_TEXT.online}
            </span>
          </div>
          <UsageMeter variant="inline" reply={usage.reply} error={usage.error} loading={usage.loading} />
        </header>
        {history.status === 'error' && (
          <p role="alert" className="panel-alert">
            Your earlier messages could not be loaded. New messages still work.
          </p>
        )}
        <ChatThread
          className="panel-thread"
          messages={chat.thread}
          assistantName={internName}
          typing={chat.pending && !streaming}
          hasOlder={history.hasMore}
          loadingOlder={history.loadingOlder}
          onLoadOlder={history.loadOlder}
          empty={
            ready ? (
              <p className="panel-empty">Ask {internName} anything, or attach the page you are on.</p>
            ) : undefined
          }
        />
        <footer className="panel-footer">
          <div className="panel-attach">
            {attached.page ? (
              <PageChip page={attached.page} onRemove={attached.clear} />
            ) : (
              <button
                type="button"
                className="panel-button"
                disabled={attached.reading}
                onClick={() => void attached.useThisPage()}
              >
                {attached.reading ? 'Reading the page...' : 'Use this page'}
              </button>
            )}
          </div>
          {attached.notice && (
            <p role="alert" className="panel-notice">
              {attached.notice}
            </p>
          )}
          <ChatComposer
            value={draft}
            onChange={setDraft}
            onSend={send}
            pending={chat.pending || !ready}
            placeholder={`Message ${internName}...`}
            accessory={<VoiceRecorderButton recorder={voice.recorder} />}
          />
          {localTranscript && <LocalTranscriptionNote />}
          {voice.notice && (
            <p role={voice.notice.severity === 'error' ? 'alert' : 'status'} className="panel-notice">
              {voice.notice.message}
            </p>
          )}
        </footer>
      </main>
    </ConnectModelContext>
  );
}
