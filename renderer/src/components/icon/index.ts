export { default as Icon } from './icon.svelte';
export type { IconName } from '../../lib/icons';
