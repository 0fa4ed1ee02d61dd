export { default as CommandPalette } from './command-palette.svelte';
export type { PaletteCommand } from './items';
export { themeCommands } from './items';
export type { PaletteView } from './items';
