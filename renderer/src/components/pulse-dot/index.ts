export { default as PulseDot } from './pulse-dot.svelte';
