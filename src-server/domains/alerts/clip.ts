/**
 * One line of at most `max` characters for subjects and texts: cut at a word boundary (never
 * inside a number such as "$426.145"), without a dangling comma or open bracket, then "...".
 */
export function clip(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const room = flat.slice(0, Math.max(0, max - 3));
  const cut = room.lastIndexOf(' ');
  const head = cut > max / 2 ? room.slice(0, cut) : room;
  return `${head.replace(/[\s,;:(\-–·]+$/, '')}...`;
}
