import type { PublicConfig } from '@cofounder/shared';

/** Which server the extension talks to, as GET /api/config describes it: local mode or a named host. */
export function ModeLine({ config, serverUrl }: { config: PublicConfig; serverUrl: string }) {
  return (
    <p className="mode">{config.modes.auth === 'local' ? 'Local mode' : `Connected to ${new URL(serverUrl).host}`}</p>
  );
}
