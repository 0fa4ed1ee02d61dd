export { default as AppearanceSettings } from './appearance-settings.svelte';
