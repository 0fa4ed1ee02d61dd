export { default as Sidebar, focusSidebarAccount } from './sidebar.svelte';
export type { SidebarView } from './sidebar.svelte';
