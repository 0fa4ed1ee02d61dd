export { createLogoCache, logoUrlAllowed, LOGO_MAX_BYTES, LOGO_RETRY_AFTER_MS } from './logo-cache';
export type { LogoCache, LogoCacheOptions } from './logo-cache';
export { imageKindOf } from './image-kind';
