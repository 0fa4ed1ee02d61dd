export { default as ChoiceGroup } from './choice-group.svelte';
