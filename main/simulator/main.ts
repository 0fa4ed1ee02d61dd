// `npm run sim -- --port 4010 [--seed N] [--quotes N] [--credentials-out FILE]`
import type { CliOptions } from './cli-args';
import { USAGE, parseCli } from './cli-args';
import { writeCredentialsFile } from './credentials-file';
import { DEFAULT_QUOTES, DEFAULT_SEED, startSimulator } from './index';

async function main(): Promise<void> {
  let options: CliOptions;
  try {
    options = parseCli(process.argv.slice(2), { seed: DEFAULT_SEED, quotes: DEFAULT_QUOTES });
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
    process.exit(2);
  }
  if (options.help) {
    console.log(USAGE);
    return;
  }
  const simulator = await startSimulator({ port: options.port, seed: options.seed, quotes: options.quotes });
  console.log(`Quoting Service simulator listening on ${simulator.baseUrl}`);
  const { credentials } = simulator;
  console.log(`Seed ${options.seed}, ${options.quotes} quotes, ${credentials.companies.length} companies:`);
  for (const company of credentials.companies) console.log(`  ${company.name} (${company.id})`);
  if (options.credentialsOut) {
    await writeCredentialsFile(options.credentialsOut, credentials);
    console.log(`Credentials (admin key, API keys, client credentials) written to ${options.credentialsOut}`);
  } else {
    console.log(`Admin API key: ${credentials.adminApiKey}`);
    console.log("Pass --credentials-out FILE for every company's API key and client credentials.");
  }
  const stop = (signal: string) => {
    console.log(`${signal}: stopping the simulator`);
    simulator.close().then(() => process.exit(0), () => process.exit(1));
  };
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error(`simulator failed to start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
