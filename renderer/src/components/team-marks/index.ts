export { default as TeamRowMarks } from './team-row-marks.svelte';
export { initialsOf } from './initials';
