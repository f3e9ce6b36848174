import { toast } from 'react-toastify';
import type { LocalModelServer } from '@cofounder/shared';
import { useSaveModelSettings } from '../../../data/model-settings/use-save-model-settings.ts';
import { nowAnswersWith, requestErrorText } from './model-texts.ts';

/**
 * A local model server connected in one click (Settings → Model's cards, the chat's offer): PUT kind local with
 * the model named, then a toast. Only ever on that click: nothing switches the founder's model by itself.
 */
export function useConnectLocalModel() {
  const save = useSaveModelSettings();
  const connect = (server: Pick<LocalModelServer, 'baseUrl'>, chatModel: string) =>
    save.mutate(
      { kind: 'local', baseUrl: server.baseUrl, chatModel },
      { onSuccess: () => toast.success(nowAnswersWith(chatModel)) },
    );
  return { connect, pending: save.isPending, error: save.error ? requestErrorText(save.error) : null };
}
