// Text that came from the service (or from whoever reached a receiver), made safe to print on a
// terminal: a project named with an OSC 8 hyperlink or CSI codes must not rewrite the screen,
// retitle the window or hide what follows. Every place the CLI prints such text for people goes
// through terminalText; --json output is JSON, which already escapes C0 controls.

/**
 * Escape sequences whole (so their parameters do not stay behind as text): CSI (ESC [ or 0x9B,
 * parameters, one final byte), OSC/DCS/SOS/PM/APC strings (ESC ] P X ^ _ or their C1 forms, up
 * to BEL or ST, or the end of the text), and any other ESC with the byte after it.
 */
const SEQUENCES = /(?:\u001b\[|\u009b)[\u0030-\u003f]*[\u0020-\u002f]*[\u0040-\u007e]?|(?:\u001b[\]PX^_]|[\u009d\u0090\u0098\u009e\u009f])[^\u0007\u001b\u009c]*(?:\u0007|\u001b\\|\u009c)?|\u001b[\u0020-\u007e]?/g;
/** Tabs and line breaks inside a field: a space, so the field stays on its line. */
const BREAKS = /[\t\n\v\f\r\u0085\u2028\u2029]/g;
/** Whatever control is left: C0, DEL and C1. */
const CONTROLS = /[\u0000-\u001f\u007f-\u009f]/g;

/** The text with every C0/C1 control and escape sequence removed, tabs and line breaks as spaces. */
export function terminalText(text: string): string {
  return text.replace(SEQUENCES, '').replace(BREAKS, ' ').replace(CONTROLS, '');
}
