import { VOICE_TEXT } from '@cofounder/shared';
import { CallView } from './CallView.tsx';
import { useLocalCall } from './use-local-call.ts';

/** The call screen in local mode: says so, and counts the spoken answers it played (`data-answers-played`). */
export function LocalCallScreen() {
  const call = useLocalCall();
  return <CallView call={call} enabled mode={VOICE_TEXT.localCall} rootProps={{ 'data-answers-played': call.answersPlayed }} />;
}
