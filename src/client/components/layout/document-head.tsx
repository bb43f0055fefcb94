// The page's title and description in the browser: the deepest matched route's head() (its page declaration, decision
// 282), set on every navigation. The server sends the same head in the first HTML. A view that shows something else
// (the not-found page, an error, an order's number) sets its own title after this, as a child renders after it.
import { useEffect } from 'react';
import { useRouterState } from '@tanstack/react-router';

type Meta = { title?: string; name?: string; content?: string } | undefined;
type Matches = ReadonlyArray<{ meta?: ReadonlyArray<Meta> }>;

/** The deepest match's head value that `pick` finds. */
const deepest = (matches: Matches, pick: (m: NonNullable<Meta>) => string | undefined): string | undefined => {
  for (let i = matches.length - 1; i >= 0; i--)
    for (const m of matches[i]!.meta ?? []) {
      const value = m && pick(m);
      if (value) return value;
    }
  return undefined;
};

export function DocumentHead() {
  const href = useRouterState({ select: (s) => s.location.href });
  const title = useRouterState({ select: (s) => deepest(s.matches, (m) => m.title) });
  const description = useRouterState({
    select: (s) => deepest(s.matches, (m) => (m.name === 'description' ? m.content : undefined)),
  });
  useEffect(() => {
    if (title) document.title = title;
    if (description) document.querySelector('meta[name="description"]')?.setAttribute('content', description);
  }, [title, description, href]);
  return null;
}
