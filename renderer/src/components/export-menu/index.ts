export { default as ExportMenu } from './export-menu.svelte';
