/**
 * The panel in Debian's Chromium through playwright-core: one browser per test file, pages at the two
 * widths the panel is designed for, logging in through the login form's pinned labels, and the
 * screenshots of docs/panel/.
 *
 * Screenshots are always taken (a screen that cannot be drawn fails its test); they are written to
 * docs/panel/<name>-<width>.png when PANEL_SCREENSHOTS=1 (how docs/panel.md is refreshed), otherwise
 * into a temporary directory, so an ordinary test run leaves the working tree unchanged.
 */
import { existsSync, mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';

export const CHROMIUM = '/usr/bin/chromium';
export const hasChromium = existsSync(CHROMIUM);
if (!hasChromium) {
  console.warn(`Prueba de navegador omitida: no existe ${CHROMIUM} (instálelo con apt-get install -y chromium; .ci/run lo hace).`);
}
/** `describe` when Chromium is installed, `describe.skip` otherwise. */
export const describeBrowser = hasChromium ? describe : describe.skip;

/** How long a condition may take on a loaded machine (every wait is on a condition, never a sleep). */
export const UI_TIMEOUT_MS = 30_000;

export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 390, height: 844 };

export async function launchBrowser(): Promise<Browser> {
  const { chromium } = await import('playwright-core');
  return chromium.launch({
    executablePath: CHROMIUM,
    // Spanish browser chrome (date inputs read dd/mm/aaaa) where the chromium-l10n locales are installed.
    env: { ...process.env, LANGUAGE: 'es-419', LANG: 'es_SV.UTF-8' },
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--font-render-hinting=none', '--lang=es-419'],
  });
}

export interface PanelPage {
  context: BrowserContext;
  page: Page;
}

/** A fresh context (no cookies) at desktop width, Spanish, El Salvador time, downloads accepted. */
export async function newPanelPage(browser: Browser): Promise<PanelPage> {
  const context = await browser.newContext({ viewport: DESKTOP, deviceScaleFactor: 1, locale: 'es-SV', timezoneId: 'America/El_Salvador', acceptDownloads: true });
  context.setDefaultTimeout(UI_TIMEOUT_MS);
  context.setDefaultNavigationTimeout(UI_TIMEOUT_MS);
  const page = await context.newPage();
  return { context, page };
}

/** Opens /panel/ and logs in through the form («Correo electrónico», «Contraseña», «Iniciar sesión»). */
export async function logInThroughForm(page: Page, url: string, email: string, password: string): Promise<void> {
  await page.goto(`${url}/panel/`);
  await fillLogin(page, email, password);
  await page.getByRole('button', { name: 'Cerrar sesión' }).waitFor();
}

export async function fillLogin(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByLabel('Contraseña').fill(password);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
}

/** Opens a panel path through the navigation's history (no reload: the live subscription stays). */
export async function goToPanelPath(page: Page, path: string): Promise<void> {
  await page.evaluate((p) => {
    const g = globalThis as any; // the page's window (this file is compiled without the DOM types)
    g.history.pushState(null, '', `/panel${p}`);
    g.dispatchEvent(new g.PopStateEvent('popstate'));
  }, path);
}

let shotDir: string | null = null;
function screenshotDir(): string {
  if (shotDir) return shotDir;
  shotDir = process.env.PANEL_SCREENSHOTS === '1' ? join(__dirname, '..', '..', 'docs', 'panel') : mkdtempSync(join(tmpdir(), 'panel-shots-'));
  mkdirSync(shotDir, { recursive: true });
  return shotDir;
}

/**
 * Screenshots of the page as it is, at 1280 and 390 px wide (`<name>-1280.png`, `<name>-390.png`),
 * after `ready` holds at each width; the viewport is back at desktop width afterwards.
 */
export async function screenshotBoth(page: Page, name: string, ready: () => Promise<unknown> = async () => undefined): Promise<string[]> {
  const files: string[] = [];
  for (const size of [DESKTOP, PHONE]) {
    await page.setViewportSize(size);
    await ready();
    // A full-page capture draws sticky bars where the viewport is: start from the top.
    await page.evaluate(() => (globalThis as any).scrollTo(0, 0));
    // Fonts and layout settle after a resize: wait for the next two frames, not for a fixed time.
    await page.evaluate(() => {
      const g = globalThis as any;
      return g.document.fonts.ready.then(() => new Promise((r) => g.requestAnimationFrame(() => g.requestAnimationFrame(r))));
    });
    const file = join(screenshotDir(), `${name}-${size.width}.png`);
    // Passing notices (toasts, 5 s each) would cover the screen they talk about: wait until they are gone.
    await page.locator('.toast').first().waitFor({ state: 'detached' });
    await page.screenshot({ path: file, fullPage: true, animations: 'disabled', caret: 'hide' });
    files.push(file);
  }
  await page.setViewportSize(DESKTOP);
  return files;
}
