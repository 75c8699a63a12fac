// A minimal renderer for the unit tests: expands a Preact element tree of hook-free function
// components (the game boards) into plain elements, so that tests can look at what a board draws
// without a browser.
import { Fragment, type ComponentChildren, type VNode } from 'preact';

export interface El {
  tag: string;
  attrs: Record<string, unknown>;
  children: (El | string)[];
}

export function render(node: ComponentChildren): (El | string)[] {
  if (node === null || node === undefined || typeof node === 'boolean') return [];
  if (typeof node === 'string' || typeof node === 'number' || typeof node === 'bigint') return [String(node)];
  if (Array.isArray(node)) return node.flatMap((n) => render(n as ComponentChildren));
  const vnode = node as VNode<Record<string, unknown>>;
  const { children, ...attrs } = (vnode.props ?? {}) as Record<string, unknown> & { children?: ComponentChildren };
  if (vnode.type === Fragment) return render(children);
  if (typeof vnode.type === 'function') return render((vnode.type as (p: unknown) => ComponentChildren)(vnode.props));
  return [{ tag: String(vnode.type), attrs, children: render(children) }];
}

// Every element of the trees (depth first).
export function elements(nodes: (El | string)[]): El[] {
  return nodes.flatMap((n) => (typeof n === 'string' ? [] : [n, ...elements(n.children)]));
}

export function text(nodes: (El | string)[]): string {
  return nodes.map((n) => (typeof n === 'string' ? n : text(n.children))).join('');
}
