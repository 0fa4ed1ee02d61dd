export { default as WebhookActivityView } from './webhook-activity.svelte';
