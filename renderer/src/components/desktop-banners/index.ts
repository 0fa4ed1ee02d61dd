export { default as DesktopBanners } from './desktop-banners.svelte';
