import { toast } from 'react-toastify';
import { WORK, type ConnectionPlatform } from '@cofounder/shared';
import { CONNECTION_TEXT } from '../../data/connections/texts.ts';

/**
 * "{X} connected, N paused task(s) resumed" for 4 s (spec 2 §2). Toasts are app-wide, so the Work screen shows
 * it too when the founder goes back there; one id per platform keeps a repeated message from stacking.
 */
export function showResumedToast(platform: ConnectionPlatform, resumedTasks: number) {
  if (resumedTasks <= 0) return;
  toast.success(CONNECTION_TEXT.resumed(platform, resumedTasks), {
    autoClose: WORK.successToastMs,
    toastId: `resumed-${platform}`,
  });
}
