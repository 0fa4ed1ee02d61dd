export { default as HostLinkBanner } from './host-link-banner.svelte';
