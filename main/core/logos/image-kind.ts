// What kind of image a file holds, judged by its bytes rather than by what a server said:
// an HTML error page served as image/png must not become a logo.

export const IMAGE_TYPES = {
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  svg: 'image/svg+xml',
} as const;
export type ImageKind = keyof typeof IMAGE_TYPES;

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];
// An SVG document: optional byte-order mark, XML declaration, comments and doctype, then <svg.
const SVG_START = /^\uFEFF?\s*(<\?xml[^>]*\?>\s*)?(<!--[\s\S]*?-->\s*)*(<!DOCTYPE svg[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*<svg[\s>]/i;

export function imageKindOf(bytes: Uint8Array): ImageKind | null {
  const startsWith = (signature: readonly number[], at = 0) => signature.every((byte, index) => bytes[at + index] === byte);
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (startsWith(PNG)) return 'png';
  if (startsWith(JPEG)) return 'jpg';
  if (ascii(0, 6) === 'GIF87a' || ascii(0, 6) === 'GIF89a') return 'gif';
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'webp';
  // Shown only through <img>, where an SVG's scripts never run and it loads nothing.
  if (SVG_START.test(new TextDecoder().decode(bytes.subarray(0, 4096)))) return 'svg';
  return null;
}
