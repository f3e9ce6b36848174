/** The action badge: the number of tasks waiting for the founder (paused or awaiting approval). */
export function startBadge(): void {}
