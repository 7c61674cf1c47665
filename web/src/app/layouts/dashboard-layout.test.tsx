import { screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuth } from '../../features/auth/store';
import { renderWithProviders } from '../../test/render';
import DashboardLayout from './dashboard-layout';
import RtlLayout from './rtl-layout';
import { makeUser } from '../../test/user';

const member = makeUser();

const show = (path: string) =>
  renderWithProviders(
    <Routes>
      <Route path="/admin/*" element={<DashboardLayout />} />
      <Route path="/rtl/*" element={<RtlLayout />} />
    </Routes>,
    { path },
  );

beforeEach(() => {
  // The popover asks for notifications; an empty list is enough here.
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.resolve(new Response('[]', { headers: { 'content-type': 'application/json' } }))),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  useAuth.setState({ user: null, isAuthenticated: false });
});

describe('DashboardLayout', () => {
  it("shows a member the User Menu only, the page name as heading and 'Pages' breadcrumb", async () => {
    useAuth.setState({ user: member, isAuthenticated: true });
    show('/admin/job-board');
    expect(screen.getByRole('heading', { level: 1, name: 'Job Board' })).toBeInTheDocument();
    expect(screen.getByText('Pages')).toBeInTheDocument();
    expect(screen.getByText('Hello, Morgan')).toBeInTheDocument();
    const sidebar = screen.getByRole('navigation', { name: 'Sidebar' });
    expect(within(sidebar).getByText('User Menu')).toBeInTheDocument();
    expect(within(sidebar).queryByText('Admin Menu')).not.toBeInTheDocument();
    expect(within(sidebar).getByRole('link', { name: 'Job Board' })).toHaveAttribute('aria-current', 'page');
    expect(within(sidebar).getByRole('link', { name: 'Help' })).not.toHaveAttribute('aria-current');
    expect(await screen.findByRole('heading', { level: 2, name: 'Job Board' })).toBeInTheDocument();
  });

  it('shows an admin the Admin Menu', () => {
    useAuth.setState({ user: { ...member, isAdmin: true }, isAuthenticated: true });
    show('/admin/default');
    const sidebar = screen.getByRole('navigation', { name: 'Sidebar' });
    expect(within(sidebar).getByText('Admin Menu')).toBeInTheDocument();
    expect(within(sidebar).getByRole('link', { name: 'All Users' })).toHaveAttribute('href', '/admin/manage/users');
  });

  it("gives a member no admin routes: 'Default Brand Text' and not found", async () => {
    useAuth.setState({ user: member, isAuthenticated: true });
    show('/admin/manage/users');
    expect(screen.getByRole('heading', { level: 1, name: 'Default Brand Text' })).toBeInTheDocument();
    expect(await screen.findByText('Page not found')).toBeInTheDocument();
  });

  it('renders the rtl variant right to left, with rtl links', () => {
    useAuth.setState({ user: member, isAuthenticated: true });
    const { container } = show('/rtl/default');
    expect(container.querySelector('[dir="rtl"]')).not.toBeNull();
    expect(document.documentElement.dir).toBe('rtl');
    const sidebar = screen.getByRole('navigation', { name: 'Sidebar' });
    expect(within(sidebar).getByRole('link', { name: 'Help' })).toHaveAttribute('href', '/rtl/help');
  });
});
