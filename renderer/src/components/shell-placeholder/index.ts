export { default as ShellPlaceholder } from './shell-placeholder.svelte';
