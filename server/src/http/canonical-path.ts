import type { Middleware } from 'koa';

// One spelling of every path, decided once before any guard or router looks at it. The router matches paths
// without regard to case and with or without a trailing slash, and clients may percent-encode plain letters;
// guards that test paths (local only, the bearer, the plan gate, body limits) would otherwise have to repeat
// each of those rules and would miss one. So the request's path is rewritten to the spelling of the routes
// themselves: literal segments take the case they were declared with, escaped letters, digits and `-._~` are
// decoded (RFC 3986 calls them equivalent), and one trailing slash goes. Parameter segments keep what the
// client sent.

interface Segment {
  /** Literal children by their lower-cased text, each with its declared spelling. */
  literals: Map<string, { spelling: string; next: Segment }>;
  /** The child that takes any value (`:id`), if a route has one here. */
  param: Segment | null;
}

const newSegment = (): Segment => ({ literals: new Map(), param: null });

const UNRESERVED = /[A-Za-z0-9\-._~]/;

/** `%61` becomes `a`; escapes of other characters stay escaped, with upper-case hex as RFC 3986 recommends. */
export function decodeUnreserved(path: string): string {
  return path.replace(/%([0-9A-Fa-f]{2})/g, (escape, hex: string) => {
    const char = String.fromCharCode(parseInt(hex, 16));
    return UNRESERVED.test(char) ? char : escape.toUpperCase();
  });
}

/** Builds the canonical spelling of request paths from the route patterns the routers declare. */
export function createPathCanonicalizer(patterns: Iterable<string>): (path: string) => string {
  const root = newSegment();
  for (const pattern of patterns) {
    let node = root;
    for (const part of pattern.split('/').slice(1)) {
      if (part === '') continue;
      if (part.startsWith(':') || part.startsWith('*') || part.includes('{')) {
        node.param ??= newSegment();
        node = node.param;
        continue;
      }
      const key = part.toLowerCase();
      let child = node.literals.get(key);
      if (!child) {
        child = { spelling: part, next: newSegment() };
        node.literals.set(key, child);
      }
      node = child.next;
    }
  }

  return (rawPath) => {
    let path = decodeUnreserved(rawPath);
    if (path.length > 1 && path.endsWith('/')) path = path.slice(0, -1);
    const parts = path.split('/');
    // Every route the segments so far could still belong to: a literal and a parameter can share a position.
    let nodes = [root];
    for (let i = 1; i < parts.length && nodes.length > 0; i++) {
      const key = parts[i]!.toLowerCase();
      const next: Segment[] = [];
      let spelling: string | null = null;
      for (const node of nodes) {
        const literal = node.literals.get(key);
        if (literal) {
          spelling ??= literal.spelling;
          next.push(literal.next);
        }
        if (node.param) next.push(node.param);
      }
      if (spelling !== null) parts[i] = spelling;
      nodes = next;
    }
    return parts.join('/');
  };
}

/** Rewrites ctx.path to its canonical spelling; the original stays in ctx.originalUrl. */
export function canonicalPath(canonical: (path: string) => string): Middleware {
  return (ctx, next) => {
    const path = canonical(ctx.path);
    if (path !== ctx.path) ctx.path = path;
    return next();
  };
}
