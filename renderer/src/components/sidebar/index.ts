export { default as Sidebar } from './sidebar.svelte';
