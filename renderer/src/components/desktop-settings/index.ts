export { default as DesktopSettings } from './desktop-settings.svelte';
