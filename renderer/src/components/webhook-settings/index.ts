export { default as WebhookSettings } from './webhook-settings.svelte';
export { default as RelayChoice } from './relay-choice.svelte';
export { relayStateWords } from './words';
