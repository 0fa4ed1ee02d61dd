export { default as Banner } from './banner.svelte';
