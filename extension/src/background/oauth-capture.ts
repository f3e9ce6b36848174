/** Connecting X or Reddit from the extension: runs the server's OAuth flow in a window the extension watches. */
export function startOAuthCapture(): void {}
