export { default as CommandPalette } from './command-palette.svelte';
