// The menu bar and the tray are native: they do not redraw when the app's language changes,
// as the page does. Whoever changes main's language (setLocale) calls relabelShell() after,
// and each native surface that registered here is written again in the new language.
const relabellers = new Set<() => void>();

/** Registers a surface to rewrite on a language change; returns its removal. */
export function onRelabel(relabel: () => void): () => void {
  relabellers.add(relabel);
  return () => relabellers.delete(relabel);
}

/** Rewrites the app menu and the tray in the current language (getLocale()). */
export function relabelShell(): void {
  for (const relabel of relabellers) relabel();
}
