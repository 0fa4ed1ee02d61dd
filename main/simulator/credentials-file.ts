// Writes the simulator's credentials for other tools: owner-only, atomically.
import { randomBytes } from 'node:crypto';
import { chmod, rename, rm, writeFile } from 'node:fs/promises';
import type { SimulatorCredentials } from './types';

/** The full set, or (demo mode's --demo-credentials-out) only the service's address and admin key. */
export async function writeCredentialsFile(file: string, credentials: SimulatorCredentials | Pick<SimulatorCredentials, 'baseUrl' | 'adminApiKey'>): Promise<void> {
  const temp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    await writeFile(temp, `${JSON.stringify(credentials, null, 2)}\n`, { mode: 0o600 });
    // writeFile's mode is filtered by the umask; make sure no one else can read it.
    await chmod(temp, 0o600);
    await rename(temp, file);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}
