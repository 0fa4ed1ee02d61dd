export { default as FormField } from './form-field.svelte';
