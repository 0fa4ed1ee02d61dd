export { default as Sidebar, focusSidebarAccount } from './sidebar.svelte';
