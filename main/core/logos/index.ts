export { createLogoCache, logoRoute, logoUrlAllowed, LOGO_MAX_BYTES, LOGO_RETRY_AFTER_MS } from './logo-cache';
export type { LogoCache, LogoCacheOptions, LogoRoute } from './logo-cache';
export { createPublicOnlyAgent, isPublicAddress, NonPublicAddressError, nonPublicReason, publicOnlyLookup } from './public-address';
export type { PublicOnlyAgentOptions, Resolve } from './public-address';
export { imageKindOf } from './image-kind';
export { LOGO_MAX_FILES, LOGO_MAX_FOLDER_BYTES, LOGO_UNUSED_FOR_MS } from './logo-retention';
