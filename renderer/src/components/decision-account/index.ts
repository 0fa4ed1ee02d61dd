export { default as DecisionAccount } from './decision-account.svelte';
