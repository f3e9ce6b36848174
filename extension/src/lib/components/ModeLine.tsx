import { MODE_TEXT, type PublicConfig } from '@cofounder/shared';

/** Which server the extension talks to, as GET /api/config describes it: local mode or a named host (MODE_TEXT). */
export function ModeLine({ config, serverUrl }: { config: PublicConfig; serverUrl: string }) {
  return (
    <p className="mode">
      {config.modes.auth === 'local' ? MODE_TEXT.localMode : MODE_TEXT.connectedTo(new URL(serverUrl).host)}
    </p>
  );
}
