export { default as SettingsSection } from './settings-section.svelte';
