export { default as DataProblems } from './data-problems.svelte';
