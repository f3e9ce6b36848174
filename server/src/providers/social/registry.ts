import type { Config } from '../../config.ts';
import type { SocialProviders } from './port.ts';
import { createRedditProvider } from './reddit.ts';
import { createXProvider } from './x.ts';

/** The configured platforms only: a platform is configured exactly when its client id and secret are set. */
export function createSocialProviders(config: Config): SocialProviders {
  const providers: SocialProviders = {};
  if (config.social.twitter) providers.twitter = createXProvider(config.social.twitter);
  if (config.social.reddit) providers.reddit = createRedditProvider(config.social.reddit);
  return providers;
}
