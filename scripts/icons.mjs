// The platform icons in build/, drawn from build/icon.svg: PNGs for Linux (build/icons/NxN.png),
// an .ico for Windows and an .icns for macOS. resvg renders the SVG; the two containers are
// simple enough (a header and PNG entries) to write here, which keeps the output byte-for-byte
// reproducible so a test can tell when a committed icon no longer matches the SVG.
//   node scripts/icons.mjs           writes the icons
//   node scripts/icons.mjs --check   exits 1 if a committed icon differs from a fresh render
import { readFile, mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Resvg } from '@resvg/resvg-js';

const buildDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'build');

export const LINUX_SIZES = [16, 24, 32, 48, 64, 128, 256, 512, 1024];
export const ICO_SIZES = [16, 24, 32, 48, 64, 128, 256];
// ICNS entry types holding PNG data, by pixel size (the @2x types reuse the larger render).
export const ICNS_TYPES = [
  ['icp4', 16],
  ['icp5', 32],
  ['ic11', 32],
  ['icp6', 64],
  ['ic12', 64],
  ['ic07', 128],
  ['ic08', 256],
  ['ic13', 256],
  ['ic09', 512],
  ['ic14', 512],
  ['ic10', 1024],
];

export function renderPng(svg, size) {
  return Buffer.from(new Resvg(svg, { fitTo: { mode: 'width', value: size }, font: { loadSystemFonts: false } }).render().asPng());
}

/** ICONDIR + one ICONDIRENTRY per image, each image a PNG (Windows Vista and later). */
export function encodeIco(images) {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(images.length, 4);
  const entries = [];
  let offset = 6 + 16 * images.length;
  for (const { size, png } of images) {
    const entry = Buffer.alloc(16);
    entry.writeUInt8(size >= 256 ? 0 : size, 0);
    entry.writeUInt8(size >= 256 ? 0 : size, 1);
    entry.writeUInt16LE(1, 4);
    entry.writeUInt16LE(32, 6);
    entry.writeUInt32LE(png.length, 8);
    entry.writeUInt32LE(offset, 12);
    entries.push(entry);
    offset += png.length;
  }
  return Buffer.concat([header, ...entries, ...images.map((image) => image.png)]);
}

/** 'icns' + total length, then (type, length, PNG) per entry; lengths are big-endian. */
export function encodeIcns(entries) {
  const chunks = entries.map(({ type, png }) => {
    const head = Buffer.alloc(8);
    head.write(type, 0, 'ascii');
    head.writeUInt32BE(png.length + 8, 4);
    return Buffer.concat([head, png]);
  });
  const header = Buffer.alloc(8);
  header.write('icns', 0, 'ascii');
  header.writeUInt32BE(8 + chunks.reduce((sum, chunk) => sum + chunk.length, 0), 4);
  return Buffer.concat([header, ...chunks]);
}

/** Every icon file, keyed by its path under build/. */
export async function renderIcons() {
  const svg = await readFile(join(buildDir, 'icon.svg'));
  const sizes = [...new Set([...LINUX_SIZES, ...ICO_SIZES, ...ICNS_TYPES.map(([, size]) => size)])];
  const png = new Map(sizes.map((size) => [size, renderPng(svg, size)]));
  const files = new Map();
  for (const size of LINUX_SIZES) files.set(join('icons', `${size}x${size}.png`), png.get(size));
  files.set('icon.ico', encodeIco(ICO_SIZES.map((size) => ({ size, png: png.get(size) }))));
  files.set('icon.icns', encodeIcns(ICNS_TYPES.map(([type, size]) => ({ type, png: png.get(size) }))));
  return files;
}

async function main() {
  const check = process.argv.includes('--check');
  const stale = [];
  for (const [name, data] of await renderIcons()) {
    const path = join(buildDir, name);
    if (check) {
      const committed = await readFile(path).catch(() => null);
      if (!committed || !committed.equals(data)) stale.push(name);
    } else {
      await mkdir(dirname(path), { recursive: true });
      await writeFile(path, data);
    }
  }
  if (stale.length > 0) {
    console.error(`Icons out of date with build/icon.svg: ${stale.join(', ')}. Run: node scripts/icons.mjs`);
    process.exit(1);
  }
  console.log(check ? 'Icons match build/icon.svg.' : 'Icons written to build/.');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await main();
