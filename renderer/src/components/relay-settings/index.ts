export { default as RelaySettings } from './relay-settings.svelte';
