const MINUTE = 60_000;

/** "Updated just now" / "Updated 2 min ago" / "Updated 3 h ago": how old the numbers on screen are. */
export function updatedAgo(savedAt: number, now: number = Date.now()): string {
  const minutes = Math.floor(Math.max(0, now - savedAt) / MINUTE);
  if (minutes < 1) return 'Updated just now';
  if (minutes < 60) return `Updated ${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  return hours < 24 ? `Updated ${hours} h ago` : `Updated ${Math.floor(hours / 24)} d ago`;
}
