/** The "Ask my co-founder" context-menu item on a selection: opens the side panel with it. */
export function startContextMenu(): void {}
