import { useRef } from 'react';
import { useConfig } from '../../data/config/use-config.ts';
import { useModelSettings } from '../../data/model-settings/use-model-settings.ts';
import { CallView } from './CallView.tsx';
import { LocalCallScreen } from './LocalCallScreen.tsx';
import { useVoiceCall } from './use-voice-call.ts';

/**
 * /dashboard/call: the founder's calls engine decides the call. 'openai' (the server's key, or the founder's own
 * OpenAI connection) holds a realtime WebRTC call with the provider; 'local' a call over this server's socket,
 * heard by pocketsphinx and spoken by flite. The server's engine stands in while the founder's settings load.
 */
export function CallScreen() {
  const server = useConfig().voice;
  const founder = useModelSettings().data?.voice;
  const engine = founder ? founder.callsEngine : server.engine;
  if (engine === 'local') return <LocalCallScreen />;
  return <RealtimeCallScreen enabled={founder?.calls ?? server.calls} reason={server.reason} />;
}

function RealtimeCallScreen({ enabled, reason }: { enabled: boolean; reason: string | null }) {
  const speaker = useRef<HTMLAudioElement>(null);
  const call = useVoiceCall(speaker);
  return (
    <CallView call={call} enabled={enabled} reason={reason}>
      {/* The co-founder's voice; hidden because the call has its own controls. */}
      <audio ref={speaker} autoPlay className="hidden" />
    </CallView>
  );
}
