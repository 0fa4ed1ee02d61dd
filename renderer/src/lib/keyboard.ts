/** True when the element takes text, so every printable key belongs to it. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  const tag = target.tagName;
  return tag === 'INPUT' || tag === 'TEXTAREA';
}

// A select keeps its arrows, Home/End, Space and Enter; these shortcuts would only jump
// through its options by first letter, so after choosing with the keyboard they still work.
const SHORTCUTS_OVER_SELECT = new Set(['/', '?', 'r', 'j', 'k']);

/** True when a key press belongs to the focused control (typing, choosing), not to a shortcut. */
export function isControlKey(target: EventTarget | null, key: string): boolean {
  if (isTypingTarget(target)) return true;
  return target instanceof HTMLSelectElement && !SHORTCUTS_OVER_SELECT.has(key);
}

export function hasModifier(event: KeyboardEvent): boolean {
  return event.ctrlKey || event.metaKey || event.altKey;
}

/** Elements a keyboard user can reach with Tab, in document order. */
export function focusableWithin(root: HTMLElement): HTMLElement[] {
  const selector = [
    'a[href]',
    'button:not([disabled])',
    'input:not([disabled]):not([type="hidden"])',
    'select:not([disabled])',
    'textarea:not([disabled])',
    '[tabindex]:not([tabindex="-1"])',
  ].join(',');
  return Array.from(root.querySelectorAll<HTMLElement>(selector)).filter((element) => !element.hidden);
}

/** How the modifier of Ctrl/Cmd shortcuts is written on this computer: "⌘" on a Mac, "Ctrl+" elsewhere. */
export const MOD = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform) ? '⌘' : 'Ctrl+';
