export { default as CommandPalette } from './command-palette.svelte';
export type { PaletteCommand } from './items';
export type { PaletteView } from './items';
