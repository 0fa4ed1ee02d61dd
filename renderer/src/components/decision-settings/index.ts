export { default as DecisionSettings } from './decision-settings.svelte';
