export { default as Toaster } from './toaster.svelte';
