export { default as Icon } from './icon.svelte';
export type { IconName } from './icon.svelte';
