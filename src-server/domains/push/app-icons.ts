/**
 * The installable app's icons (issue #31), drawn here rather than shipped as files so each brand
 * gets its own colour: a white bell on the brand colour, PNG (what install prompts and
 * notifications need), anti-aliased by 4x4 supersampling. 'any' has rounded corners; 'maskable'
 * fills the square and keeps the bell inside the central safe circle (80 %).
 */
import { crc32, deflateSync } from 'node:zlib';

/** 'badge': the bell alone in white on transparent (Android draws badges as a silhouette). */
export type IconPurpose = 'any' | 'maskable' | 'badge';

const inCircle = (x: number, y: number, cx: number, cy: number, r: number) => (x - cx) ** 2 + (y - cy) ** 2 <= r * r;

/** The bell in unit coordinates: a dome, a flaring body, the rim and the clapper. */
function inBell(x: number, y: number): boolean {
  if (inCircle(x, y, 0.5, 0.37, 0.15)) return true;
  if (y >= 0.37 && y <= 0.64) {
    const t = (y - 0.37) / 0.27;
    if (Math.abs(x - 0.5) <= 0.15 + 0.07 * t * t) return true;
  }
  if (y >= 0.63 && y <= 0.69 && Math.abs(x - 0.5) <= 0.27) return true;
  if (inCircle(x, y, 0.5, 0.745, 0.055)) return true;
  return inCircle(x, y, 0.5, 0.215, 0.035);
}

function inRoundedSquare(x: number, y: number, radius: number): boolean {
  const cx = Math.min(Math.max(x, radius), 1 - radius);
  const cy = Math.min(Math.max(y, radius), 1 - radius);
  return inCircle(x, y, cx, cy, radius);
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
}

function rgb(hex: string): [number, number, number] {
  const n = Number.parseInt(hex.replace('#', ''), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

/** An RGBA PNG of `size` pixels square. */
export function appIconPng(size: number, color: string, purpose: IconPurpose): Buffer {
  const [r, g, b] = rgb(color);
  const rows = Buffer.alloc(size * (size * 4 + 1));
  const scale = purpose === 'maskable' ? 0.8 : purpose === 'badge' ? 1.15 : 1;
  const n = 4;
  for (let py = 0; py < size; py += 1) {
    const row = py * (size * 4 + 1);
    for (let px = 0; px < size; px += 1) {
      let cover = 0;
      let white = 0;
      for (let sy = 0; sy < n; sy += 1)
        for (let sx = 0; sx < n; sx += 1) {
          const x = (px + (sx + 0.5) / n) / size;
          const y = (py + (sy + 0.5) / n) / size;
          if (purpose === 'any' && !inRoundedSquare(x, y, 0.2)) continue;
          cover += 1;
          if (inBell(0.5 + (x - 0.5) / scale, 0.5 + (y - 0.5) / scale)) white += 1;
        }
      const k = white / (n * n);
      const o = row + 1 + px * 4;
      if (purpose === 'badge') {
        rows.fill(255, o, o + 3);
        rows[o + 3] = Math.round(255 * k);
        continue;
      }
      const mix = (c: number) => Math.round(c + (255 - c) * (cover ? k * ((n * n) / cover) : 0));
      rows[o] = mix(r);
      rows[o + 1] = mix(g);
      rows[o + 2] = mix(b);
      rows[o + 3] = Math.round((255 * cover) / (n * n));
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8;
  ihdr[9] = 6;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
