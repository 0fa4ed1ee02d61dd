export { default as TeamThread } from './team-thread.svelte';
