export { default as PdfActions } from './pdf-actions.svelte';
export type { PdfCopy } from './types';
