// The renderer's formatting is the one shared with main and the CLI (preload/contract/plain/format, with its words from i18n/words/format).
export * from '../../../i18n/words/format';
