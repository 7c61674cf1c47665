import { BRAND_DASHBOARD, BRAND_LANDING } from '@portal/contract';
import { createTheme, type MantineColorsTuple } from '@mantine/core';

const brand: MantineColorsTuple = [
  '#e8f1fb',
  '#cfe0f3',
  '#a0bfe6',
  '#6d9cd9',
  '#4480cd',
  '#2b6ec6',
  '#1D5598',
  '#174a86',
  '#0f3d70',
  '#07305b',
];
const landing: MantineColorsTuple = [
  '#eef3f8',
  '#dbe4ee',
  '#b5c7dc',
  '#8da9c9',
  '#6b8fb8',
  '#5a80ad',
  '#4a7199',
  '#3c5d7f',
  '#2f4a66',
  '#22364c',
];

/**
 * Brand colours and DM Sans of spec §9. Mantine's five breakpoints carry the spec's:
 * xs = sm 320, sm = md 768, md = lg 960, lg = xl 1200, xl = 2xl 1600
 * (CSS modules use the spec's own names, $bp-sm … $bp-3xl).
 */
export const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: 6,
  colors: { brand, landing },
  fontFamily: "'DM Sans', system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
  headings: { fontFamily: "'DM Sans', system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif" },
  breakpoints: { xs: '20em', sm: '48em', md: '60em', lg: '75em', xl: '100em' },
  defaultRadius: 'md',
  other: { brandDashboard: BRAND_DASHBOARD, brandLanding: BRAND_LANDING },
});
