export { default as SelectionBar } from './selection-bar.svelte';
