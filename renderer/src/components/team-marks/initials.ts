/**
 * A teammate's initials for a small mark: the first letter of the first and of the last word
 * ("Ada Lovelace" → "AL"), or of the one word there is ("山田太郎" → "山"). Letters as the
 * person reads them (a surrogate pair or an accented letter stays whole).
 */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/u).filter((word) => word.length > 0);
  const first = (word: string | undefined) => (word ? (Array.from(word.normalize('NFC'))[0] ?? '') : '');
  if (words.length === 0) return '?';
  const letters = words.length === 1 ? first(words[0]) : first(words[0]) + first(words.at(-1));
  return letters.toLocaleUpperCase();
}
