/** What is known of the quote PDF's copy on this computer. */
export interface PdfCopy {
  /** A copy is stored and can be opened without the service. */
  available: boolean;
  /** The quote changed since the copy was downloaded: the copy shows an older version. */
  outdated: boolean;
  fileName?: string | null;
  /** When the copy was downloaded (ISO date-time). */
  savedAt?: string | null;
}
