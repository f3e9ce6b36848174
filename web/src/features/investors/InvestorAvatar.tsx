import { useEffect, useState } from 'react';
import { INVESTORS, initialsOf } from '@cofounder/shared';
import { useLinkedinAvatar } from '../../data/investors/use-linkedin-avatar.ts';

interface InvestorAvatarProps {
  userId: string;
  name: string;
  /**
   * The investor's photo (`Investor.photoUrl`, never the LinkedIn profile link): only an https image on the
   * allow-listed LinkedIn image hosts is fetched, through the server's proxy.
   */
  photoUrl: string | null;
  size?: 'md' | 'lg';
}

/**
 * The investor's initials, generated here (never a third-party avatar service). When the investor's photo
 * (`photoUrl`) is available through the proxy it is shown instead, unless it has not loaded within
 * INVESTORS.avatarTimeoutMs or fails: then the initials stay.
 */
export function InvestorAvatar({ userId, name, photoUrl, size = 'md' }: InvestorAvatarProps) {
  const avatar = useLinkedinAvatar(userId, photoUrl);
  const src = avatar.data ?? null;
  const [state, setState] = useState<{ src: string | null; status: 'loading' | 'loaded' | 'failed' }>({
    src: null,
    status: 'loading',
  });
  const status = state.src === src ? state.status : 'loading';

  useEffect(() => {
    if (!src) return;
    const timer = setTimeout(
      () => setState((s) => (s.src === src && s.status === 'loaded' ? s : { src, status: 'failed' })),
      INVESTORS.avatarTimeoutMs,
    );
    return () => clearTimeout(timer);
  }, [src]);

  const box = size === 'lg' ? 'size-14 text-lg' : 'size-11 text-sm';
  const showImage = src !== null && status !== 'failed';
  return (
    <span
      className={`relative inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full bg-indigo-100 font-semibold text-indigo-700 dark:bg-indigo-500/20 dark:text-indigo-200 ${box}`}
      aria-hidden="true"
    >
      {initialsOf(name)}
      {showImage && (
        <img
          src={src}
          alt=""
          className={`absolute inset-0 size-full object-cover ${status === 'loaded' ? '' : 'opacity-0'}`}
          onLoad={() => setState({ src, status: 'loaded' })}
          onError={() => setState({ src, status: 'failed' })}
        />
      )}
    </span>
  );
}
