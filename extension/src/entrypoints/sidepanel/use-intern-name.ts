import { useEffect, useState } from 'react';
import { CHAT, type Api } from '@cofounder/shared';

/** The intern's saved name, or the default while loading and when it cannot be read (with none saved, the server answers the defaults). */
export function useInternName(api: Api, userId: string): string {
  const [name, setName] = useState<string>(CHAT.defaultInternName);
  useEffect(() => {
    let live = true;
    api.internSettings(userId).then(
      (reply) => live && setName(reply.settings.internName),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [api, userId]);
  return name;
}
