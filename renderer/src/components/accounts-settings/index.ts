export { default as AccountsSettings } from './accounts-settings.svelte';
