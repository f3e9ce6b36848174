import { useQuery } from '@tanstack/react-query';
import { INVESTORS } from '@cofounder/shared';
import { useApi } from '../api-context.tsx';
import { investorKeys } from './keys.ts';

/** Whether `url` is an https image on one of the LinkedIn image hosts the server's avatar proxy allows. */
export function isLinkedinImageUrl(url: string | null | undefined): url is string {
  if (!url) return false;
  try {
    const u = new URL(url);
    return u.protocol === 'https:' && (INVESTORS.avatar.hosts as readonly string[]).includes(u.hostname);
  } catch {
    return false;
  }
}

/**
 * GET …/linkedin-avatar?url=: an investor's photo (`Investor.photoUrl`) through the server's proxy, only for allow-listed image URLs
 * (nothing is asked otherwise). Failures are not retried; the avatar shows the initials.
 */
export function useLinkedinAvatar(userId: string, url: string | null) {
  const api = useApi();
  const usable = isLinkedinImageUrl(url);
  return useQuery({
    queryKey: investorKeys.avatar(userId, url ?? ''),
    queryFn: async () => (await api.linkedinAvatar(userId, url ?? '')).imageUrl,
    enabled: usable,
    retry: false,
    staleTime: INVESTORS.avatar.cacheMs,
  });
}
