export { default as DecisionReceipts } from './decision-receipts.svelte';
