import { useCallback, useEffect, useState } from 'react';
import { loadServerUrl, saveServerUrl } from '../server-url.ts';

/** The saved server origin (null while storage is read) and a setter that persists it. */
export function useServerUrl() {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    void loadServerUrl().then(setUrl);
  }, []);
  const save = useCallback(async (origin: string) => {
    await saveServerUrl(origin);
    setUrl(origin);
  }, []);
  return { url, save };
}
