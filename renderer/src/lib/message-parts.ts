// A translated sentence with something inside it that needs its own markup (a key to press as
// <kbd>, a quote number or a path kept left to right in <bdi>, a command as <code>, a name kept
// from translation). Each value goes into the message as a private-use marker, and the text is
// cut around the markers: every language puts the value where its grammar wants it, the
// template renders each piece in its element, and no HTML is built from strings.

const OPEN = '\uE000';
const CLOSE = '\uE001';
const MARKER = new RegExp(`(${OPEN}[^${CLOSE}]*${CLOSE})`);

/** A run of the message's own words, or one of the values given to it. */
export type MessagePart = { value: false; text: string } | { value: true; name: string; text: string };

export function messageParts<Name extends string>(message: (inputs: Record<Name, string>) => string, values: Record<Name, string>): MessagePart[] {
  const markers = Object.fromEntries(Object.keys(values).map((name) => [name, `${OPEN}${name}${CLOSE}`])) as Record<Name, string>;
  return message(markers)
    .split(MARKER)
    .filter((piece) => piece !== '')
    .map((piece): MessagePart => {
      if (!piece.startsWith(OPEN)) return { value: false, text: piece };
      const name = piece.slice(1, -1) as Name;
      return { value: true, name, text: values[name] };
    });
}

/** The text before and after the one value in `sentence` (called with a marker for it); the caller renders the value. */
export function aroundValue(sentence: (value: string) => string): [before: string, after: string] {
  const marker = `${OPEN}value${CLOSE}`;
  const text = sentence(marker);
  const at = text.indexOf(marker);
  return at < 0 ? [text, ''] : [text.slice(0, at), text.slice(at + marker.length)];
}
