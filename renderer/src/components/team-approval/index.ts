export { default as TeamApproval } from './team-approval.svelte';
