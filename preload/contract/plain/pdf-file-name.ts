// One naming rule for a quote's PDF on the person's disk: the core names browser mode's
// download with it, and the page suggests the same name in its save picker before the core
// is asked (the picker must open while the click still counts as the person's).

/** The file name of a quote's PDF, from its number (or its id when it has none yet). */
export function pdfFileName(quoteNumberOrId: string): string {
  return `Quote ${quoteNumberOrId.replace(/[^\w .-]+/g, '-')}.pdf`;
}
