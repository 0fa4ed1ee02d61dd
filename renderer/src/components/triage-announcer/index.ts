export { default as TriageAnnouncer } from './triage-announcer.svelte';
