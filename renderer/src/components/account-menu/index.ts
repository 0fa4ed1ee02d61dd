export { default as AccountMenu } from './account-menu.svelte';
export type { AccountAction } from './account-menu.svelte';
