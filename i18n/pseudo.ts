// The pseudo-locale en-XA, made from English: every letter accented, 35% longer, bracketed
// ⟦…⟧. The e2e tests run the app in it, so an English word left in the UI (no accents) or a
// label that clips (the padding) shows at once. Placeholders and markup stay as they are.
import type { Catalogue, MessageValue } from './catalogue.ts';

const accents: Record<string, string> = {
  a: 'á', b: 'ƀ', c: 'ç', d: 'ď', e: 'é', f: 'ƒ', g: 'ğ', h: 'ĥ', i: 'í', j: 'ĵ', k: 'ķ', l: 'ļ', m: 'ɱ',
  n: 'ñ', o: 'ó', p: 'þ', q: 'ǫ', r: 'ŕ', s: 'š', t: 'ţ', u: 'ú', v: 'ṽ', w: 'ŵ', x: 'ẋ', y: 'ý', z: 'ž',
  A: 'Á', B: 'Ɓ', C: 'Ç', D: 'Ď', E: 'É', F: 'Ƒ', G: 'Ğ', H: 'Ĥ', I: 'Í', J: 'Ĵ', K: 'Ķ', L: 'Ļ', M: 'Ṁ',
  N: 'Ñ', O: 'Ó', P: 'Þ', Q: 'Ǫ', R: 'Ŕ', S: 'Š', T: 'Ţ', U: 'Ú', V: 'Ṽ', W: 'Ŵ', X: 'Ẋ', Y: 'Ý', Z: 'Ž',
};

export function pseudoText(text: string): string {
  let out = '';
  let letters = 0;
  let depth = 0;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index]!;
    if (char === '\\') { out += char + (text[index + 1] ?? ''); index += 1; continue; }
    if (char === '{') depth += 1;
    if (depth === 0 && accents[char]) { out += accents[char]; letters += 1; } else out += char;
    if (char === '}') depth = Math.max(0, depth - 1);
  }
  if (letters === 0) return text;
  return `⟦${out} ${'~'.repeat(Math.max(1, Math.round(letters * 0.35)))}⟧`;
}

function pseudoValue(value: MessageValue): MessageValue {
  if (typeof value === 'string') return pseudoText(value);
  return value.map((variant) => ({ ...variant, match: Object.fromEntries(Object.entries(variant.match).map(([key, text]) => [key, pseudoText(text)])) }));
}

export function pseudoCatalogue(english: Catalogue): Catalogue {
  return Object.fromEntries(Object.entries(english).map(([key, value]) => [key, pseudoValue(value)]));
}
