// Two installations sharing one client key (the relay's and the team desk's set-up): a window on
// a host whose only added account is the key of the simulator's first company.
import { expect } from '@playwright/test';
import type { Browser, Page } from '@playwright/test';
import type { Simulator } from '../../main/simulator';
import type { WebHostProcess } from './web-host-process';

/** A window on this host with the simulator's first company key added as "Shared key", its inbox shown. */
export async function windowWithSharedKey(browser: Browser, host: WebHostProcess, sim: Simulator): Promise<Page> {
  const company = sim.credentials.companies[0]!;
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
  await page.goto(host.url);
  await page.getByRole('region', { name: 'Demo mode' }).getByRole('button', { name: 'Add account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add account' });
  await dialog.getByLabel('Name', { exact: true }).fill('Shared key');
  await dialog.getByRole('radio', { name: 'Custom' }).check();
  await dialog.getByLabel('Base URL').fill(sim.baseUrl);
  await dialog.getByRole('radio', { name: 'Client key' }).check();
  await dialog.getByRole('radio', { name: 'API key' }).check();
  await dialog.getByLabel('API key', { exact: true }).and(dialog.locator('input:not([type="radio"])')).fill(company.apiKey);
  await dialog.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(dialog).toBeHidden();
  return page;
}
