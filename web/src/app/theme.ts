import { BRAND_DASHBOARD, BRAND_LANDING } from '@portal/contract';
import { createTheme, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';

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
 * Contrast tokens (issue 13, WCAG 2.2 AA). Mantine draws every variant of a colour from its
 * shade 6: white text on `filled`, shade-6 text on the 10 % tint of `light`, on white for
 * `outline`, `subtle` and coloured text (`c="red"`). Mantine's own shade 6 of these colours is
 * 1.9:1 (yellow) to 3.6:1 (blue) on white, so shades 0–5 (tints, borders) are Mantine's and
 * shades 6–9 are the same hues darkened to 5.6, 6.6, 8 and 10:1 on white: at least 4.5:1 for
 * text in every variant, on white, on the tint and on gray.0/gray.1 (page and stripes).
 * gray.6 is `dimmed` text, captions and placeholders.
 */
const accessible = (light: string[], dark: [string, string, string, string]): MantineColorsTuple =>
  [...light, ...dark] as unknown as MantineColorsTuple;

const red = accessible(
  ['#fff5f5', '#ffe3e3', '#ffc9c9', '#ffa8a8', '#ff8787', '#ff6b6b'],
  ['#c82323', '#b42020', '#9c1c1c', '#821717'],
);
const green = accessible(
  ['#ebfbee', '#d3f9d8', '#b2f2bb', '#8ce99a', '#69db7c', '#51cf66'],
  ['#277635', '#236a30', '#1e5b29', '#194c22'],
);
const teal = accessible(
  ['#e6fcf5', '#c3fae8', '#96f2d7', '#63e6be', '#38d9a9', '#20c997'],
  ['#0b7555', '#0a694c', '#095b42', '#074b36'],
);
const yellow = accessible(
  ['#fff9db', '#fff3bf', '#ffec99', '#ffe066', '#ffd43b', '#fcc419'],
  ['#875f03', '#7a5602', '#694a02', '#573e02'],
);
const orange = accessible(
  ['#fff4e6', '#ffe8cc', '#ffd8a8', '#ffc078', '#ffa94d', '#ff922b'],
  ['#a74d01', '#954501', '#813b01', '#6a3101'],
);
const blue = accessible(
  ['#e7f5ff', '#d0ebff', '#a5d8ff', '#74c0fc', '#4dabf7', '#339af0'],
  ['#1468b2', '#125e9f', '#10528b', '#0d4474'],
);
const gray = accessible(
  ['#f8f9fa', '#f1f3f5', '#e9ecef', '#dee2e6', '#ced4da', '#adb5bd'],
  ['#60686f', '#565c63', '#4b5157', '#3d4146'],
);

/**
 * Brand colours and DM Sans of spec §9. Mantine's five breakpoints carry the spec's:
 * xs = sm 320, sm = md 768, md = lg 960, lg = xl 1200, xl = 2xl 1600
 * (CSS modules use the spec's own names, $bp-sm … $bp-3xl).
 */
export const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: 6,
  colors: { brand, landing, red, green, teal, yellow, orange, blue, gray },
  // Text on a filled yellow or any light filled colour turns dark.
  autoContrast: true,
  // Mantine's transitions (dialogs, drawer, popovers, toasts) take no time for people who ask
  // their system for reduced motion; our own CSS does the same (mantine-frame.css).
  respectReducedMotion: true,
  fontFamily: "'DM Sans', system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
  headings: { fontFamily: "'DM Sans', system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif" },
  breakpoints: { xs: '20em', sm: '48em', md: '60em', lg: '75em', xl: '100em' },
  defaultRadius: 'md',
  // Keyboard focus is always visible: a 2 px ring in the brand colour (3:1 and more on white).
  focusRing: 'auto',
  components: {
    // WCAG 1.4.1 (axe link-in-text-block): a link inside a sentence is told apart by more than
    // its colour.
    Anchor: { defaultProps: { underline: 'always' } },
    // Every icon-only close button has a name for screen readers.
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
    Drawer: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
    Notification: { defaultProps: { closeButtonProps: { 'aria-label': 'Close notification' } } },
    // A menu opened from the keyboard focuses its first item; Mantine's focusable placeholder
    // is no menu item (axe aria-required-children).
    Menu: { defaultProps: { withInitialFocusPlaceholder: false } },
    // A table wider than a phone scrolls sideways: its scroller takes keyboard focus, so arrow
    // keys scroll it (axe scrollable-region-focusable).
    TableScrollContainer: { defaultProps: { scrollAreaProps: { viewportProps: { tabIndex: 0 } } } },
    // A loader says what it waits for (its aria-label) as a status, which a span alone may not.
    Loader: { defaultProps: { role: 'status' } },
  },
  other: { brandDashboard: BRAND_DASHBOARD, brandLanding: BRAND_LANDING },
});

/** Set by the dashboard layout to the height of its fixed top bar (toasts sit below it on a phone). */
export const TOP_BAR_HEIGHT_VAR = '--portal-top-bar-height';

/** Below Mantine's `sm` (the spec's md, 768 px): a phone. */
export const PHONE_MAX_WIDTH = 767.98;

/**
 * The contrast tokens Mantine keeps outside the palettes: disabled controls (gray.7 on gray.2,
 * 5.7:1, where Mantine has 1.7:1) and placeholders (gray.6, 5.6:1 on white).
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-disabled-color': 'var(--mantine-color-gray-7)',
    '--mantine-color-placeholder': 'var(--mantine-color-gray-6)',
  },
  dark: {},
});
