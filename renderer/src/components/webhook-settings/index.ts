export { default as WebhookSettings } from './webhook-settings.svelte';
