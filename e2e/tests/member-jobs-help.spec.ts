import { expect, test } from '../support/test';
import { logIn, signIn } from '../support/session';
import { adminApi, createMember } from '../support/fixtures';
import { once } from './member-support';

// The tests share one member: in one worker, in order.
test.describe.configure({ mode: 'default' });
const sharedAdmin = once(adminApi);
const sharedMember = once(async () => createMember(await sharedAdmin()));

test('the job board shows a job card with Apply Now in a new tab', async ({ page }) => {
  const admin = await sharedAdmin();
  const member = await sharedMember();
  const title = `Outreach Coordinator ${Date.now().toString(36)}`;
  const res = await admin.post('/api/jobs', {
    data: {
      title,
      company: 'Green Loop Co-op',
      location: 'Portland, OR',
      description: 'Coordinate neighbourhood recycling outreach.',
      applyLink: 'https://example.org/apply',
    },
  });
  expect(res.status(), await res.text()).toBeLessThan(300);

  await signIn(page, member.email, member.password);
  await page.goto('/admin/job-board');
  await expect(page.getByRole('heading', { level: 2, name: 'Job Board' })).toBeVisible();
  const card = page.getByRole('article').filter({ has: page.getByRole('heading', { name: title }) });
  await expect(card.getByText('Green Loop Co-op')).toBeVisible();
  await expect(card.getByText('Portland, OR')).toBeVisible();
  await expect(card.getByText('Coordinate neighbourhood recycling outreach.')).toBeVisible();
  const apply = card.getByRole('link', { name: 'Apply Now' });
  await expect(apply).toHaveAttribute('href', 'https://example.org/apply');
  await expect(apply).toHaveAttribute('target', '_blank');
  await expect(apply).toHaveAttribute('rel', 'noopener noreferrer');
});

test('the help page shows its three lists', async ({ page }) => {
  const admin = await sharedAdmin();
  const member = await sharedMember();
  const res = await admin.get('/api/help-content');
  expect(res.status(), await res.text()).toBe(200);
  const content = (await res.json()) as { instructions: string[]; contactDetails: string[]; emails: string[] };

  await signIn(page, member.email, member.password);
  await page.goto('/admin/help');
  await expect(page.getByRole('heading', { name: 'Help & Support' })).toBeVisible();
  for (const [name, items] of [
    ['Instructions', content.instructions],
    ['Contact Details', content.contactDetails],
    ['Emails', content.emails],
  ] as const) {
    const section = page.getByRole('region', { name });
    await expect(section.getByRole('heading', { name })).toBeVisible();
    await expect(section.locator('[aria-busy="true"]')).toHaveCount(0);
    for (const item of items.slice(0, 3)) await expect(section.getByText(item, { exact: true })).toBeVisible();
  }
});

test('messages opens the chat app in a new tab and returns to the dashboard', async ({ page, context }) => {
  const admin = await sharedAdmin();
  const member = await sharedMember();
  const { chatUrl } = (await (await admin.get('/api/config')).json()) as { chatUrl: string };
  await context.route(chatUrl.replace(/\/?$/, '') + '**', (route) =>
    route.fulfill({ body: 'chat', contentType: 'text/plain' }),
  );

  await logIn(page, member.email, member.password);
  const popup = page.waitForEvent('popup');
  await page.goto('/admin/messages');
  expect((await popup).url()).toContain(new URL(chatUrl).host);
  await expect(page).toHaveURL(/\/admin\/default$/);
});
