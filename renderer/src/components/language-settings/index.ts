export { default as LanguageSettings } from './language-settings.svelte';
