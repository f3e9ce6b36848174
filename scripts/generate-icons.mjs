#!/usr/bin/env node
// Writes the web app's PNG icons and social preview into web/public with Node built-ins only (zlib for the PNG
// data): apple-touch-icon.png (180), icon-192.png, icon-512.png and og-image.png (1200×630); and the browser
// extension's icons into extension/public/icon at the sizes Chrome and Firefox ask for (16, 32, 48, 128). The mark
// matches favicon.svg: an indigo→violet rounded square with a white "C". Run after changing the look:
// node scripts/generate-icons.mjs
import { mkdirSync, writeFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';

const out = new URL('../web/public/', import.meta.url);
const extensionIcons = new URL('../extension/public/icon/', import.meta.url);
/** Toolbar (16, 32 at 2×), extensions page (48) and install / store (128): Chrome's and Firefox's sizes. */
const EXTENSION_ICON_SIZES = [16, 32, 48, 128];
const FROM = [99, 102, 241]; // indigo-500
const TO = [124, 58, 237]; // violet-600
const BG = [2, 6, 23]; // slate-950

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf) {
  let c = 0xffffffff;
  for (const b of buf) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const td = Buffer.concat([Buffer.from(type), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(td));
  return Buffer.concat([len, td, crc]);
}
/** RGBA pixels → PNG bytes. */
function png(width, height, rgba) {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = 6;
  const raw = Buffer.alloc((width * 4 + 1) * height);
  for (let y = 0; y < height; y++)
    rgba.copy(raw, y * (width * 4 + 1) + 1, y * width * 4, (y + 1) * width * 4);
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const mix = (a, b, t) => a.map((v, i) => Math.round(v + (b[i] - v) * t));

/** Coverage (0..1) of the mark at (x, y) in a unit square: inside the rounded square, and inside the "C". */
function markAt(x, y) {
  const r = 0.22;
  const dx = Math.max(Math.abs(x - 0.5) - (0.5 - r), 0);
  const dy = Math.max(Math.abs(y - 0.5) - (0.5 - r), 0);
  const inSquare = dx * dx + dy * dy <= r * r;
  const d = Math.hypot(x - 0.5, y - 0.5);
  const angle = Math.abs(Math.atan2(y - 0.5, x - 0.5));
  const inC = d >= 0.18 && d <= 0.3 && angle >= 0.75;
  return { inSquare, inC };
}

/** Paints the mark into `rgba` at (ox, oy) with side `size`, 4×4 supersampled over what is already there. */
function paintMark(rgba, width, ox, oy, size) {
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      const o = ((oy + py) * width + ox + px) * 4;
      const under = [...rgba.subarray(o, o + 4)];
      let acc = [0, 0, 0, 0];
      for (let sy = 0; sy < 4; sy++) {
        for (let sx = 0; sx < 4; sx++) {
          const x = (px + (sx + 0.5) / 4) / size;
          const y = (py + (sy + 0.5) / 4) / size;
          const { inSquare, inC } = markAt(x, y);
          let c = under;
          if (inSquare) c = [...mix(FROM, TO, (x + y) / 2), 255];
          if (inSquare && inC) c = [255, 255, 255, 255];
          acc = acc.map((v, i) => v + c[i] / 16);
        }
      }
      acc.forEach((v, i) => (rgba[o + i] = Math.round(v)));
    }
  }
}

function icon(size, file, fullBleed, dir = out) {
  const rgba = Buffer.alloc(size * size * 4);
  // Apple icons are shown on their own rounded mask: a full-bleed square avoids dark corners.
  if (fullBleed)
    for (let y = 0; y < size; y++)
      for (let x = 0; x < size; x++)
        rgba.set([...mix(FROM, TO, (x + y) / (2 * size)), 255], (y * size + x) * 4);
  paintMark(rgba, size, 0, 0, size);
  writeFileSync(new URL(file, dir), png(size, size, rgba));
}

// A 5×7 pixel font, just the letters the social image needs.
const FONT = {
  A: ['01110', '10001', '10001', '11111', '10001', '10001', '10001'],
  B: ['11110', '10001', '10001', '11110', '10001', '10001', '11110'],
  C: ['01111', '10000', '10000', '10000', '10000', '10000', '01111'],
  D: ['11110', '10001', '10001', '10001', '10001', '10001', '11110'],
  E: ['11111', '10000', '10000', '11110', '10000', '10000', '11111'],
  F: ['11111', '10000', '10000', '11110', '10000', '10000', '10000'],
  I: ['11111', '00100', '00100', '00100', '00100', '00100', '11111'],
  N: ['10001', '11001', '10101', '10011', '10001', '10001', '10001'],
  O: ['01110', '10001', '10001', '10001', '10001', '10001', '01110'],
  R: ['11110', '10001', '10001', '11110', '10100', '10010', '10001'],
  T: ['11111', '00100', '00100', '00100', '00100', '00100', '00100'],
  U: ['10001', '10001', '10001', '10001', '10001', '10001', '01110'],
  W: ['10001', '10001', '10001', '10101', '10101', '10101', '01010'],
  Y: ['10001', '10001', '01010', '00100', '00100', '00100', '00100'],
  S: ['01111', '10000', '10000', '01110', '00001', '00001', '11110'],
  K: ['10001', '10010', '10100', '11000', '10100', '10010', '10001'],
  H: ['10001', '10001', '10001', '11111', '10001', '10001', '10001'],
  L: ['10000', '10000', '10000', '10000', '10000', '10000', '11111'],
  P: ['11110', '10001', '10001', '11110', '10000', '10000', '10000'],
  '-': ['00000', '00000', '00000', '11111', '00000', '00000', '00000'],
  ' ': ['00000', '00000', '00000', '00000', '00000', '00000', '00000'],
};
function text(rgba, width, str, ox, oy, scale, color) {
  [...str].forEach((ch, i) => {
    const glyph = FONT[ch];
    if (!glyph) throw new Error(`no glyph for ${ch}`);
    glyph.forEach((row, gy) =>
      [...row].forEach((bit, gx) => {
        if (bit !== '1') return;
        for (let y = 0; y < scale; y++)
          for (let x = 0; x < scale; x++)
            rgba.set([...color, 255], ((oy + gy * scale + y) * width + ox + (i * 6 + gx) * scale + x) * 4);
      }),
    );
  });
}
const textWidth = (str, scale) => (str.length * 6 - 1) * scale;

function ogImage() {
  const W = 1200;
  const H = 630;
  const rgba = Buffer.alloc(W * H * 4);
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      const glow = Math.max(0, 1 - Math.hypot(x - W / 2, y + 80) / 900) * 0.55;
      rgba.set([...mix(BG, [49, 46, 129], glow), 255], (y * W + x) * 4);
    }
  paintMark(rgba, W, (W - 160) / 2, 90, 160);
  const title = 'COFOUNDER';
  text(rgba, W, title, Math.round((W - textWidth(title, 14)) / 2), 300, 14, [255, 255, 255]);
  const line = 'YOUR AI INTERN THAT BUILDS YOUR STARTUP';
  text(rgba, W, line, Math.round((W - textWidth(line, 4)) / 2), 450, 4, [199, 210, 254]);
  writeFileSync(new URL('og-image.png', out), png(W, H, rgba));
}

icon(180, 'apple-touch-icon.png', true);
icon(192, 'icon-192.png', false);
icon(512, 'icon-512.png', false);
ogImage();
console.log('wrote apple-touch-icon.png, icon-192.png, icon-512.png, og-image.png to web/public');
mkdirSync(extensionIcons, { recursive: true });
for (const size of EXTENSION_ICON_SIZES) icon(size, `${size}.png`, false, extensionIcons);
console.log(`wrote ${EXTENSION_ICON_SIZES.map((s) => `${s}.png`).join(', ')} to extension/public/icon`);
