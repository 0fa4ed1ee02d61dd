/** A note's text in pieces, each @e-mail mention its own piece, so it can be highlighted. */
export function mentionPieces(text: string): { text: string; mention: boolean }[] {
  const pieces: { text: string; mention: boolean }[] = [];
  let last = 0;
  for (const match of text.matchAll(/(?<=^|\s)@[^\s@]+@[^\s@]+\.[^\s@.,;:!?)]+/g)) {
    if (match.index > last) pieces.push({ text: text.slice(last, match.index), mention: false });
    pieces.push({ text: match[0], mention: true });
    last = match.index + match[0].length;
  }
  if (last < text.length) pieces.push({ text: text.slice(last), mention: false });
  return pieces;
}
