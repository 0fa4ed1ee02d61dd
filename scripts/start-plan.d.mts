// Types of start-plan.mjs for the TypeScript unit test.
export interface StartStep {
  command: string;
  args: string[];
  shell: false;
}
export function startPlan(facts: { nodePath: string; electronVite: string; electronBinary: string; appDir: string; args: string[] }): { build: StartStep; launch: StartStep };
