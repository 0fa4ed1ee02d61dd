export { default as AccountMenu } from './account-menu.svelte';
