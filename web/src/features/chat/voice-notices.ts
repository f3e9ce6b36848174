import { toast } from 'react-toastify';
import type { VoiceNotice } from '@cofounder/shared/ui';

/** The chat shows voice warnings and failures as toasts; an empty transcript is only logged (spec 1 §8). */
export function toastVoiceNotice(notice: VoiceNotice) {
  if (notice.code === 'noSpeech') console.info('Voice input: no speech detected');
  else if (notice.severity === 'warning') toast.warn(notice.message);
  else toast.error(notice.message);
}
