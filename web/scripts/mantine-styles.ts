import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import postcss, { type ChildNode, type Root } from 'postcss';
import type { Plugin } from 'vite';
import { FRAME_COMPONENTS } from './frame-components';

const require = createRequire(import.meta.url);

/** A Mantine class name or keyframes name: what ties a rule of styles.css to its component. */
const MANTINE_ID = /\bm_[0-9a-f]{6,8}\b/g;

const DIRECTIVE = 'mantine-styles';

interface CoreStyles {
  /** styles.css as published, top-level node by node, in its order. */
  nodes: ChildNode[];
  /** Index of the first node that belongs to a component: the ones before are the global styles. */
  firstComponent: number;
  /** Component name (as in `@mantine/core/styles/<Name>.css`) → its class and keyframes names. */
  ids: Map<string, Set<string>>;
}

let core: CoreStyles | undefined;

/**
 * `@mantine/core/styles.css` indexed by component. The per-component files next to it
 * (`styles/Button.css`, …) name each component's classes, but their values are in px where
 * styles.css has `calc(… rem * var(--mantine-scale))`; so only their class names are read, and
 * every rule emitted is styles.css's own, in styles.css's order.
 */
function coreStyles(): CoreStyles {
  if (core) return core;
  const file = require.resolve('@mantine/core/styles.css');
  const nodes = postcss.parse(fs.readFileSync(file, 'utf8')).nodes.filter((node) => node.type !== 'comment');
  const firstComponent = nodes.findIndex((node) => idsOf(node.toString()).size > 0);
  const dir = path.join(path.dirname(file), 'styles');
  const ids = new Map<string, Set<string>>();
  for (const name of fs.readdirSync(dir)) {
    const match = /^([A-Z]\w*)\.css$/.exec(name);
    if (match) ids.set(match[1]!, idsOf(fs.readFileSync(path.join(dir, name), 'utf8')));
  }
  if (firstComponent < 1 || ids.size < 50)
    throw new Error('mantine-styles: unexpected layout of @mantine/core/styles.css');
  core = { nodes, firstComponent, ids };
  return core;
}

function idsOf(css: string): Set<string> {
  return new Set(css.match(MANTINE_ID) ?? []);
}

/**
 * The rules of @mantine/core/styles.css for `parts`, in styles.css's order: `base` (the reset,
 * the default CSS variables and the global classes, i.e. everything before the first component),
 * `components` (every component), `frame` (the frame's components that have rules of their own:
 * frame-components.ts), or component names (a rule is kept when it names one of their classes).
 */
function coreCss(parts: string[]): string {
  const { nodes, firstComponent, ids } = coreStyles();
  const base = parts.includes('base');
  const all = parts.includes('components');
  const wanted = new Set<string>();
  const named = parts.flatMap((part) => (part === 'frame' ? FRAME_COMPONENTS.filter((name) => ids.has(name)) : [part]));
  for (const part of named) {
    if (part === 'base' || part === 'components') continue;
    const own = ids.get(part);
    if (!own) throw new Error(`mantine-styles: @mantine/core has no styles for ${part}`);
    for (const id of own) wanted.add(id);
  }
  return nodes
    .filter((node, index) => {
      if (index < firstComponent) return base;
      if (all) return true;
      return [...idsOf(node.toString())].some((id) => wanted.has(id));
    })
    .map((node) => node.toString())
    .join('\n');
}

/**
 * Replaces each `@mantine-styles core <parts…>;` and `@mantine-styles notifications;` in a
 * stylesheet of ours with those Mantine rules (docs/performance.md): a screen loads the Mantine
 * styles it needs, not the 30 KB (gzip) of the whole of @mantine/core/styles.css, and the rules
 * keep the order and values they have there.
 */
export function mantineStyles(): Plugin {
  return {
    name: 'portal:mantine-styles',
    enforce: 'pre',
    transform(code, id) {
      if (!id.split('?')[0]!.endsWith('.css') || !code.includes(`@${DIRECTIVE}`)) return undefined;
      const root: Root = postcss.parse(code, { from: id });
      root.walkAtRules(DIRECTIVE, (rule) => {
        const [pkg, ...parts] = rule.params.split(/\s+/).filter(Boolean);
        let css: string;
        if (pkg === 'core') css = coreCss(parts);
        else if (pkg === 'notifications' && parts.length === 0) {
          css = fs.readFileSync(require.resolve('@mantine/notifications/styles.css'), 'utf8');
        } else throw new Error(`mantine-styles: cannot read @${DIRECTIVE} ${rule.params} in ${id}`);
        rule.replaceWith(postcss.parse(css).nodes);
      });
      return { code: root.toString(), map: null };
    },
  };
}
