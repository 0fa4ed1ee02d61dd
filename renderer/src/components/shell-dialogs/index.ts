export { default as ShellDialogs } from './shell-dialogs.svelte';
