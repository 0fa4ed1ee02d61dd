export { default as TeamSettings } from './team-settings.svelte';
