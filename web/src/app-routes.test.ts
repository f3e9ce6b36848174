import { describe, expect, it } from 'vitest';
import type { RouteObject } from 'react-router';
import { APP_PAGE_PATHS } from '@cofounder/shared';
import { routes } from './router.tsx';

/** Every full path the table can match, joined through pathless layouts and index routes ("*" left out). */
function routePaths(list: RouteObject[], parent = ''): string[] {
  return list.flatMap((route) => {
    const own = route.path ? `${parent.replace(/\/$/, '')}/${route.path}` : parent || '/';
    const self = (route.path && route.path !== '*') || route.index ? [own] : [];
    return [...self, ...routePaths(route.children ?? [], route.path ? own : parent)];
  });
}

// The server answers exactly these addresses with the app (and 404 for the rest): the router and the list agree.
describe('the app page list the server uses', () => {
  it('is the router table', () => {
    expect(new Set(routePaths(routes))).toEqual(new Set(APP_PAGE_PATHS));
  });
});
