export { default as ShortcutsHelp } from './shortcuts-help.svelte';
export { SHORTCUTS } from './shortcuts';
