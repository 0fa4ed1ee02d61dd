// Browser mode hands a PDF to the page at a one-time route of its web host (`pdfs.open`).
// Open downloads it; Save as… writes it into a file the person picks with the File System
// Access API (Chromium), or downloads it as Open does where the browser has no picker.

/** The file the person picked: what the PDF is written into. */
export interface PickedFile {
  write(bytes: ArrayBuffer): Promise<void>;
}

/** The part of the File System Access API used here (TypeScript's DOM library does not declare the picker). */
interface SaveFilePickerOptions {
  suggestedName: string;
  types: { description: string; accept: Record<string, string[]> }[];
}
type ShowSaveFilePicker = (options: SaveFilePickerOptions) => Promise<FileSystemFileHandle>;

/**
 * Opens the browser's save picker with `fileName` suggested and PDFs as the only type. Call it
 * straight from the click: the browser refuses the picker once the click no longer counts as
 * the person's. Null when this browser has no picker; the promise gives null when the person
 * cancelled, and rejects when the browser refused.
 */
export function pickPdfFile(fileName: string): Promise<PickedFile | null> | null {
  const showSaveFilePicker = (window as { showSaveFilePicker?: ShowSaveFilePicker }).showSaveFilePicker;
  if (typeof showSaveFilePicker !== 'function') return null;
  return showSaveFilePicker
    .call(window, { suggestedName: fileName, types: [{ description: 'PDF document', accept: { 'application/pdf': ['.pdf'] } }] })
    .then(
      (handle): PickedFile => ({
        async write(bytes) {
          const stream = await handle.createWritable();
          try {
            await stream.write(bytes);
            await stream.close();
          } catch (error) {
            // Aborting leaves the file as it was rather than half written.
            await stream.abort().catch(() => undefined);
            throw error;
          }
        },
      }),
      (error: unknown) => {
        if (error instanceof DOMException && error.name === 'AbortError') return null;
        throw error;
      },
    );
}

/** The bytes the web host serves at a one-time download route. */
export async function fetchPdf(url: string): Promise<ArrayBuffer> {
  const response = await fetch(url, { cache: 'no-store' });
  // The host explains a used or expired route in plain words.
  if (!response.ok) throw new Error((await response.text()) || `The host answered ${response.status}`);
  return response.arrayBuffer();
}

/** Lets the browser download the file at `url` as `fileName` (it saves or shows it, as the person set it up). */
export function downloadPdf(url: string, fileName: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
}
