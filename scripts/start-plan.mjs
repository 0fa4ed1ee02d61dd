// What `npm start` runs, as data, so a unit test checks it for each platform. No step goes
// through npx or a shell: on Windows, npx is npx.cmd, which Node refuses to spawn without a
// shell (since the 2024 fix for CVE-2024-27980 it fails with EINVAL), and `npm start` then
// exited 1 without a word. Node itself runs electron-vite's JavaScript entry instead, and the
// Electron binary (electron.exe on Windows) is an ordinary executable.

/**
 * @param {{ nodePath: string; electronVite: string; electronBinary: string; appDir: string; args: string[] }} facts
 * @returns {{ build: { command: string; args: string[]; shell: false }; launch: { command: string; args: string[]; shell: false } }}
 */
export function startPlan(facts) {
  return {
    build: { command: facts.nodePath, args: [facts.electronVite, 'build'], shell: false },
    launch: { command: facts.electronBinary, args: [facts.appDir, ...facts.args], shell: false },
  };
}
