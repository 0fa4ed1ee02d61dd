export { default as NotificationsSettings } from './notifications-settings.svelte';
