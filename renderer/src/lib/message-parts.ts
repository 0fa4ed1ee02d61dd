// A sentence from the catalogue with one value set apart in its own element (an address in
// <code>, a number in <bdi>): the value's place differs by language, so the sentence is asked
// for with a marker there and cut around it. The value itself is rendered by the caller.

const MARK = '\u{E000}';

/** The text before and after the value in `sentence`, which is called with the marker for the value. */
export function aroundValue(sentence: (value: string) => string): [before: string, after: string] {
  const text = sentence(MARK);
  const at = text.indexOf(MARK);
  return at < 0 ? [text, ''] : [text.slice(0, at), text.slice(at + MARK.length)];
}
