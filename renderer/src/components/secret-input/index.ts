export { default as SecretInput } from './secret-input.svelte';
