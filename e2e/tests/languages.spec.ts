import { BASE_URL } from '../support/env';
import { adminApi, createCertificate, createMember, PASSWORD, uniqueEmail } from '../support/fixtures';
import { waitForMail } from '../support/mail';
import { DESKTOP, PHONE } from '../support/phone';
import { signIn } from '../support/session';
import { checkArabicScreen, untranslated } from '../support/screens';
import { expect, type Page, test } from '../support/test';

/** Issue 34: the guest screens and the switcher in English, Spanish, Arabic and the pseudo-locale. */

const GUEST_SCREENS = ['/', '/login', '/signup', '/forgot-password', '/reset-password/a-link-from-a-mail'] as const;

test('a guest whose browser reads Spanish gets the landing page in Spanish before any script, and it stays after', async ({
  browser,
}) => {
  const context = await browser.newContext({ locale: 'es-MX' });
  const page = await context.newPage();
  const served = await page.request.get('/', { headers: { 'accept-language': 'es-MX,es;q=0.9' } });
  expect(served.headers().vary).toMatch(/accept-language/);
  const html = await served.text();
  expect(html).toContain('<html lang="es"');
  expect(html).toContain('Para personas certificadas');

  const errors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Bienvenido a /);
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page.getByRole('link', { name: 'Comenzar' })).toBeVisible();
  expect(errors, 'no hydration error').toEqual([]);
  await context.close();
});

test('the switcher turns the guest screens to Arabic, right to left, remembered across a reload', async ({ page }) => {
  await page.goto('/');
  await page.getByLabel('Language').selectOption('ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await expect(page.getByRole('heading', { name: 'للحاصلين على الشهادة' })).toBeVisible();
  expect((await page.context().cookies()).find((c) => c.name === 'lang')?.value).toBe('ar');

  await page.reload();
  await expect(page.getByRole('heading', { name: 'لغير الحاصلين على الشهادة' })).toBeVisible();
  await page.getByRole('link', { name: 'تسجيل الدخول' }).first().click();
  await expect(page.getByRole('heading', { name: 'مرحبًا بعودتك' })).toBeVisible();
  await expect(page.getByLabel('البريد الإلكتروني')).toBeVisible();
  await page.getByLabel('اللغة').selectOption('en');
  await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
});

test('a guest signs up in Spanish: the screens, the code by mail and the new account are Spanish', async ({ page }) => {
  const admin = await adminApi();
  const email = uniqueEmail('es-signup');
  const { certificateNo } = await createCertificate(admin, { userEmail: email });
  await page.goto('/signup');
  await page.getByLabel('Language').selectOption('es');
  await expect(page.getByRole('heading', { name: 'Crear una cuenta' })).toBeVisible();
  await page.getByLabel('Nombre completo').fill('Lucía Ramírez');
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByLabel('N.º de certificado').fill(certificateNo);
  await page.getByRole('textbox', { name: 'Contraseña', exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Registrarse' }).click();
  await expect(page).toHaveURL(/\/verify-email$/);
  const mail = await waitForMail(email, /.*/);
  expect(mail.text).toContain('Su código de verificación para el portal de');
  expect(mail.text).toMatch(/\b\d{6}\b/);
});

test('a member chooses Español in the top bar: it is saved to the profile and the guest pages follow', async ({
  page,
}) => {
  const admin = await adminApi();
  const member = await createMember(admin, { name: 'Mateo Cruz' });
  await signIn(page, member.email, member.password);
  await page.goto('/admin/default');
  await page.getByRole('button', { name: 'Language: English' }).click();
  await page.getByRole('menuitem', { name: 'Español' }).click();
  await expect(page.getByRole('button', { name: 'Idioma: Español' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect.poll(async () => (await (await member.api.get('/api/auth/check-auth')).json()).user.language).toBe('es');
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Ir al panel' })).toBeVisible();
});

for (const viewport of [PHONE, DESKTOP]) {
  test(`at ${viewport.width} px, every guest screen in Arabic has no axe violation and fits`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await page.context().addCookies([{ name: 'lang', value: 'ar', url: BASE_URL }]);
    for (const screen of GUEST_SCREENS) {
      await page.goto(screen);
      await checkArabicScreen(page, screen, viewport === PHONE);
    }
  });
}

test('in the pseudo-locale no guest screen shows English source text', async ({ page }) => {
  for (const screen of GUEST_SCREENS) {
    await page.goto(`${screen}?lang=en-XA`);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('·');
    expect(await untranslated(page), screen).toEqual([]);
  }
});

/** A member whose profile reads `language`, signed in on `page`, with a certificate on the dashboard. */
async function memberIn(page: Page, language: 'es' | 'ar' | 'en') {
  const admin = await adminApi();
  const member = await createMember(admin, { name: 'Nour Haddad' });
  const profile = (await (await member.api.get('/api/auth/check-auth')).json()).user;
  const saved = await member.api.put(`/api/users/${profile._id}`, { data: { name: profile.name, language } });
  expect(saved.status(), await saved.text()).toBe(200);
  await signIn(page, member.email, member.password);
  return member;
}

test('a Spanish member’s dashboard comes from the server already in Spanish', async ({ page }) => {
  await memberIn(page, 'es');
  const served = await page.request.get('/admin/default');
  const html = await served.text();
  expect(html).toContain('<html lang="es"');
  expect(html).toContain('Sus certificados');
  expect(html).toContain('Panel del usuario');
  await page.goto('/admin/default');
  await expect(page.getByRole('heading', { name: 'Panel', exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Bolsa de trabajo' }).first()).toBeVisible();
});

for (const viewport of [PHONE, DESKTOP]) {
  test(`at ${viewport.width} px, an Arabic member’s dashboard is right to left, fits and has no axe violation`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await memberIn(page, 'ar');
    await page.goto('/admin/default');
    await expect(page.getByRole('heading', { name: 'لوحة المستخدم' })).toBeVisible();
    await checkArabicScreen(page, '/admin/default', viewport === PHONE);
  });
}

test('in the pseudo-locale the member’s dashboard shows no English source text', async ({ page }) => {
  await memberIn(page, 'en');
  await page.goto('/admin/default?lang=en-XA');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('·');
  await expect(page.getByRole('link', { name: /·/ }).first()).toBeVisible();
  expect(await untranslated(page)).toEqual([]);
});
