/**
 * Draws the installable app's icons (public/icons, docs/decisions/088): a white clipboard with a
 * check on the app's blue. `node apps/web/scripts/make-icons.mjs` rewrites them; the PNGs are
 * committed, so a build needs nothing of this. No image library: shapes sampled 4×4 per pixel,
 * written as an RGBA PNG with node:zlib.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const OUT = path.join(import.meta.dirname, '../public/icons');
const BLUE = [0x19, 0x71, 0xc2];
const WHITE = [0xff, 0xff, 0xff];
const LIGHT = [0xd0, 0xeb, 0xff];

/** Inside a rectangle with rounded corners (design units, 512 a side). */
const inRoundRect = (x, y, left, top, width, height, radius) => {
  const cx = Math.min(Math.max(x, left + radius), left + width - radius);
  const cy = Math.min(Math.max(y, top + radius), top + height - radius);
  return x >= left && x <= left + width && y >= top && y <= top + height && (x - cx) ** 2 + (y - cy) ** 2 <= radius ** 2;
};
const nearSegment = (x, y, [ax, ay], [bx, by], half) => {
  const t = Math.max(0, Math.min(1, ((x - ax) * (bx - ax) + (y - ay) * (by - ay)) / ((bx - ax) ** 2 + (by - ay) ** 2)));
  return (x - ax - t * (bx - ax)) ** 2 + (y - ay - t * (by - ay)) ** 2 <= half ** 2;
};
const CHECK = [[186, 276], [234, 324], [330, 220]];

/** The colour at a design point; `scale` shrinks the drawing about its centre (maskable: its safe zone). */
function colourAt(x, y, scale) {
  const u = 256 + (x - 256) / scale;
  const v = 266 + (y - 266) / scale;
  if (nearSegment(u, v, CHECK[0], CHECK[1], 18) || nearSegment(u, v, CHECK[1], CHECK[2], 18)) return BLUE;
  if (inRoundRect(u, v, 196, 72, 120, 56, 16)) return inRoundRect(u, v, 202, 78, 108, 44, 10) ? LIGHT : BLUE;
  if (inRoundRect(u, v, 136, 96, 240, 320, 28)) return WHITE;
  return BLUE;
}

function png(size, scale) {
  const raw = Buffer.alloc(size * (size * 4 + 1));
  const samples = 4;
  for (let py = 0; py < size; py++) {
    raw[py * (size * 4 + 1)] = 0;
    for (let px = 0; px < size; px++) {
      const sum = [0, 0, 0];
      for (let sy = 0; sy < samples; sy++)
        for (let sx = 0; sx < samples; sx++) {
          const colour = colourAt(((px + (sx + 0.5) / samples) * 512) / size, ((py + (sy + 0.5) / samples) * 512) / size, scale);
          for (let c = 0; c < 3; c++) sum[c] += colour[c];
        }
      const at = py * (size * 4 + 1) + 1 + px * 4;
      for (let c = 0; c < 3; c++) raw[at + c] = Math.round(sum[c] / samples ** 2);
      raw[at + 3] = 255;
    }
  }
  const chunk = (type, data) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 6, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

fs.mkdirSync(OUT, { recursive: true });
for (const [name, size, scale] of [
  ['icon-192.png', 192, 1],
  ['icon-512.png', 512, 1],
  // Maskable: the launcher may crop to a circle of 80 % of the side; the drawing stays inside it.
  ['icon-maskable-512.png', 512, 0.72],
  ['apple-touch-icon-180.png', 180, 0.86],
]) {
  fs.writeFileSync(path.join(OUT, name), png(size, scale));
  console.log(`${name} ${size}×${size}`);
}
