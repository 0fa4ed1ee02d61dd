// The renderer's formatting is the one shared with main and the CLI (preload/contract/plain/format).
export * from '../../../preload/contract/plain/format';
