export { default as OfflineSettings } from './offline-settings.svelte';
