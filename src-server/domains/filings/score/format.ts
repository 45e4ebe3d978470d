/** Number words for one-liners: "19,500,000 shares", "$207.49", "$4.05B". */

export function shares(n: number): string {
  return n.toLocaleString('en-US', { maximumFractionDigits: 4 });
}

export function price(n: number): string {
  return `$${n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 4 })}`;
}

export function money(n: number): string {
  const abs = Math.abs(n);
  if (abs >= 1e9) return `$${(n / 1e9).toFixed(2)}B`;
  if (abs >= 1e6) return `$${(n / 1e6).toFixed(1)}M`;
  if (abs >= 1e4) return `$${Math.round(n / 1e3).toLocaleString('en-US')}K`;
  return `$${n.toLocaleString('en-US', { maximumFractionDigits: 2 })}`;
}

export function percent(n: number): string {
  return `${Number(n.toFixed(2))}%`;
}

export function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}
